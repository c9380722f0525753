import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listOperations, loadJourneys, type OpenApiDocument } from '@tas/openapi';
import { LOCAL } from '../guide/addresses.js';
import type { JourneyCode } from '../guide/journeys-code.js';
import { SAMPLE_CALLS } from '../samples/calls.js';
import { journeyProgram } from '../samples/journey-programs.js';
import { LANGUAGES } from '../samples/languages.js';
import { SAMPLES_STYLE, samplesLoader } from '../samples/loader.js';
import { renderSample, type Sample } from '../samples/render.js';
import { languageSamples } from '../samples/snippets.js';

/** The file beside each reference page that holds its samples, fetched on a person's first choice. */
export const SAMPLES_FILE = 'code-samples.json';

/** The tabs, in order: curl and the typed client (ours), then httpsnippet's languages. */
export const SAMPLE_LABELS = ['curl', 'TypeScript', ...LANGUAGES.map((l) => l.label)];

export interface Tab {
  label: string;
  source: string;
}

/** Every journey of the Arazzo workflows as a Python and a PHP program, for Getting started. */
export async function journeyPrograms(descriptions: Record<string, OpenApiDocument>): Promise<JourneyCode[]> {
  const programs = loadJourneys().flatMap((j) =>
    (['Python', 'PHP'] as const).map(async (language) => ({
      workflowId: j.workflowId,
      summary: j.summary,
      language,
      source: await journeyProgram(j, language, descriptions),
    })),
  );
  return Promise.all(programs);
}

/** The curl and typed-client sample of every operation `samples/calls.ts` names. */
export function codeSamples(doc: OpenApiDocument, sandbox = LOCAL.sandbox): Sample[] {
  return listOperations(doc).flatMap((op) => {
    const call = SAMPLE_CALLS[op.operationId];
    return call ? [renderSample(op, call, sandbox)] : [];
  });
}

/** Every operation's samples in every language of the tabs, by operationId. */
export async function sampleTabs(doc: OpenApiDocument, sandbox = LOCAL.sandbox): Promise<Record<string, Tab[]>> {
  const ops = new Map(listOperations(doc).map((op) => [op.operationId, op]));
  const entries = await Promise.all(
    codeSamples(doc, sandbox).map(async (s) => {
      const op = ops.get(s.operationId);
      if (!op) throw new Error(`no operation ${s.operationId}`);
      const tabs: Tab[] = [
        { label: 'curl', source: s.curl },
        { label: 'TypeScript', source: s.client },
        ...(await languageSamples(op, s.call, s)),
      ];
      return [s.operationId, tabs] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The reference's samples: `code-samples.json` beside the page, and in the page a loader that puts a
 * row of language tabs on every operation and fetches the file on the first tab a person opens, so
 * a first visit carries no sample. Pages of a description without samples (the control API's) get none.
 */
export async function addCodeSamples(options: {
  outDir: string;
  doc: OpenApiDocument;
  sandbox: string;
  routes: Record<string, string>;
}): Promise<void> {
  const tabs = await sampleTabs(options.doc, options.sandbox);
  writeFileSync(join(options.outDir, SAMPLES_FILE), `${JSON.stringify(tabs)}\n`);
  const routes = Object.fromEntries(Object.entries(options.routes).filter(([id]) => id in tabs));
  const page = join(options.outDir, 'reference.html');
  const html = readFileSync(page, 'utf8');
  if (!html.includes('</head>')) throw new Error('reference.html has no </head>: review src/builder/code-samples.ts');
  const loader = samplesLoader(SAMPLES_FILE, routes, SAMPLE_LABELS);
  writeFileSync(page, html.replace('</head>', `${SAMPLES_STYLE}\n${loader}\n</head>`));
}
