import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadJourneys } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variableOf } from '../src/samples/journey-programs.js';
import { textOf } from './page-text.js';
import { programOf } from './sample-programs.js';

// Every journey of the Arazzo workflows as Getting started shows it in Python and PHP (read from the
// built page), run whole against a fresh sandbox with the key its inputs name: each step's criteria
// are checked by the program itself.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const page = readFileSync(join(site, 'index.html'), 'utf8');
const journeys = loadJourneys();
/** The program the page shows for a journey in a language. */
const shownOf = (workflowId: string, language: string) => {
  const at = page.indexOf(`<h4 id="code-${workflowId}">`);
  const fold = new RegExp(`<summary>${language}</summary>\\s*<pre><code[^>]*>([\\s\\S]*?)</code></pre>`).exec(
    page.slice(at),
  );
  return at < 0 || !fold ? '' : textOf(fold[1] ?? '');
};
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(join(artifacts, 'journey-programs-'));
});
afterAll(() => sandbox?.close());

/** The key a workflow's api_key input names (`sandbox-key-sms` or `sandbox-key-instant`). */
const keyOf = (description = '') => /sandbox-key-(sms|instant)/.exec(description)?.[0] ?? 'sandbox-key-instant';

describe("the journeys' programs", () => {
  it.each([
    ['$inputs.api_key', 'API_KEY'],
    ['$steps.create-record.outputs.token', 'CREATE_RECORD_TOKEN'],
    ['$response.body#/data/token', undefined],
    ['career-interest', undefined],
  ])('names the variable of %s', (given, want) => expect(variableOf(given)).toBe(want));

  // Each program saved and run as the page shows it, three times in a row on one sandbox: Python's and PHP's make six
  // authentications of each journey there, so a program that reused its mobile would meet the sandbox's five per
  // mobile (mobile_limit), and one that reused an external_id a duplicate_external_id.
  it.each(['Python', 'PHP'] as const)(
    '%s: every journey runs to its end against the sandbox, three times',
    async (label) => {
      const program = await programOf(label);
      const shown = journeys.map((j) => ({ id: j.workflowId, source: shownOf(j.workflowId, label) }));
      for (const s of shown) expect(s.source, s.id).toContain(`the workflow ${s.id} of`);
      const commands = await program.build(mkdtempSync(join(dir, `${label}-`)), shown);
      const failed: unknown[] = [];
      for (const round of [1, 2, 3])
        for (const j of journeys) {
          const env = { BASE_URL: sandbox.url, API_KEY: keyOf(j.inputs?.properties?.api_key?.description) };
          const ran = await run(commands[j.workflowId] as string[], env);
          if (!ran.stdout.includes(`${j.workflowId}: every step as the workflow says`) || ran.stderr.trim())
            failed.push({
              round,
              journey: j.workflowId,
              stdout: ran.stdout.slice(-300),
              stderr: ran.stderr.slice(-800),
            });
        }
      expect(failed).toEqual([]);
    },
  );
});
