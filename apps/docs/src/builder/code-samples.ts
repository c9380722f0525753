import { readFileSync, writeFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument } from '@tas/openapi';
import { parse, stringify } from 'yaml';
import { LOCAL, type Servers } from '../guide/addresses.js';
import { SAMPLE_CALLS } from '../samples/calls.js';
import { renderSample, type Sample } from '../samples/render.js';
import { withErrorLinks } from './error-links.js';

/** Every sample the description's operations get (those `samples/calls.ts` names). */
export function codeSamples(doc: OpenApiDocument, sandbox = LOCAL.sandbox): Sample[] {
  return listOperations(doc).flatMap((op) => {
    const call = SAMPLE_CALLS[op.operationId];
    return call ? [renderSample(op, call, sandbox)] : [];
  });
}

/**
 * The description with Redoc's `x-codeSamples` on each operation: curl and the typed client, rendered
 * from one source and run by `test/code-samples.test.ts`. Only the rendered copy gets them; the
 * description in openapi/ and the downloads stay as they are. Operations without an entry (the
 * sandbox control API's) are left alone.
 */
export function withCodeSamples(doc: OpenApiDocument, sandbox = LOCAL.sandbox): OpenApiDocument {
  const copy = structuredClone(doc);
  const byId = new Map(codeSamples(doc, sandbox).map((s) => [s.operationId, s]));
  for (const item of Object.values(copy.paths ?? {}))
    for (const op of Object.values(item as Record<string, Record<string, unknown>>)) {
      const sample = op && typeof op === 'object' ? byId.get(String(op.operationId)) : undefined;
      if (sample)
        op['x-codeSamples'] = [
          { lang: 'Shell', label: 'curl', source: sample.curl },
          { lang: 'TypeScript', label: 'Typed client', source: sample.client },
        ];
    }
  return copy;
}

/** The same, on a description file (the copy `redoc.ts` renders), its error responses linked to errors.html. */
export function addCodeSamples(file: string, addresses: Servers = LOCAL): void {
  const doc = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  writeFileSync(file, stringify(withErrorLinks(withCodeSamples(doc, addresses.sandbox))));
}
