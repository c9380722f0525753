import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadDescription } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertTo30 } from '../src/builder/openapi30/convert.js';
import {
  DEFAULT_FINDINGS,
  lintDefaultsSection,
  PARTNER_REDOCLY,
  PARTNER_SPECTRAL,
} from '../src/guide/lint-defaults.js';

// A partner's CI on the published files, with the linters' default rulesets: what they find is
// exactly what the Downloads page explains, and the page's configuration makes both pass.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'tas-lint-defaults-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES = { '3.1': 'openapi.json', '3.0': 'openapi-3.0.json' } as const;

beforeAll(async () => {
  const doc30 = JSON.stringify(await convertTo30(loadDescription() as unknown as Record<string, unknown>), null, 2);
  for (const dir of ['defaults', 'partner']) {
    mkdirSync(join(work, dir));
    copyFileSync(join(root, 'openapi/dist/openapi.json'), join(work, dir, FILES['3.1']));
    writeFileSync(join(work, dir, FILES['3.0']), doc30);
  }
  // Spectral has no ruleset of its own without one: its default is spectral:oas.
  writeFileSync(join(work, 'defaults/.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  writeFileSync(join(work, 'partner/redocly.yaml'), `${PARTNER_REDOCLY}\n`);
  writeFileSync(join(work, 'partner/.spectral.yaml'), `${PARTNER_SPECTRAL}\n`);
});

/** Rule → count of what a linter reports on one file, run in `dir` (whose config it picks up). */
async function findings(linter: 'redocly' | 'spectral', dir: string, file: string): Promise<Record<string, number>> {
  const cwd = join(work, dir);
  const args = linter === 'redocly' ? ['lint', file, '--format=json'] : ['lint', file, '-f', 'json'];
  const { stdout } = await run(bin(linter), args, { cwd, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const rules =
    linter === 'redocly'
      ? (JSON.parse(stdout) as { problems: { ruleId: string }[] }).problems.map((p) => p.ruleId)
      : // With nothing found, Spectral prints `[]` and then a sentence on the same line.
        (JSON.parse(stdout.startsWith('[]') ? '[]' : stdout) as { code: string }[]).map((p) => p.code);
  const counts: Record<string, number> = {};
  for (const rule of rules) counts[rule] = (counts[rule] ?? 0) + 1;
  return counts;
}

describe.each(['redocly', 'spectral'] as const)('%s lint', (linter) => {
  it.each(Object.entries(FILES))(
    'with its defaults on the %s file finds exactly what Downloads explains',
    async (version, file) => {
      const want = Object.fromEntries(
        DEFAULT_FINDINGS.filter((f) => f.linter === linter && f.files.includes(version as '3.1' | '3.0')).map((f) => [
          f.rule,
          f.count,
        ]),
      );
      expect(await findings(linter, 'defaults', file)).toEqual(want);
    },
  );

  it.each(Object.entries(FILES))(
    'with the configuration Downloads gives, passes on the %s file',
    async (_version, file) => {
      expect(await findings(linter, 'partner', file)).toEqual({});
    },
  );
});

it('the section shows each finding and both configurations', () => {
  const html = lintDefaultsSection();
  for (const f of DEFAULT_FINDINGS) expect(html).toContain(`<code>${f.rule}</code>`);
  expect(html).toContain('no-path-trailing-slash: off');
  expect(html).toContain('path-keys-no-trailing-slash: off');
});
