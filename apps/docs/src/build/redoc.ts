import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCodeSamples } from './code-samples.js';
import { localizeAssets } from './offline.js';
import { expandServerDefaults } from './servers.js';

const require = createRequire(import.meta.url);
const redoclyBin = require.resolve('@redocly/cli/bin/cli.js');
const template = fileURLToPath(new URL('./reference.hbs', import.meta.url));

export interface ReferencePage {
  /** The description to render (a bundled file, or one whose refs Redocly resolves). */
  description: string;
  output: string;
  title: string;
  templateOptions: Record<string, string | boolean>;
}

/**
 * `redocly build-docs --inlineBundle`: Redoc's script goes into the page instead of coming from the
 * Redocly CDN, so the reference works with no network at all. Telemetry is off for the same reason.
 */
export async function buildReference(page: ReferencePage): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tas-docs-render-'));
  const rendered = join(work, basename(page.description));
  expandServerDefaults(page.description, rendered);
  addCodeSamples(rendered);
  try {
    await buildDocs(page, rendered);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(page.output, localizeAssets(readFileSync(page.output, 'utf8')));
}

async function buildDocs(page: ReferencePage, description: string): Promise<void> {
  const args = [
    redoclyBin,
    'build-docs',
    description,
    '--output',
    page.output,
    '--inlineBundle',
    '--template',
    template,
    '--title',
    page.title,
    ...Object.entries(page.templateOptions).map(([k, v]) => `--templateOptions.${k}=${v}`),
  ];
  const output = await redocly(args);
  if (!/bundled successfully/.test(output)) throw new Error(`redocly build-docs said:\n${output}`);
}

/** `redocly bundle`: one file with no external `$ref`s, so that it can be downloaded and rendered alone. */
export async function bundle(input: string, output: string): Promise<void> {
  await redocly([redoclyBin, 'bundle', input, '--output', output]);
}

function redocly(args: string[]): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`redocly ${args[1]} failed:\n${text}`)),
    );
  });
}
