import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useMock } from './helpers/mock.js';

const run = promisify(execFile);
const dir = fileURLToPath(new URL('../examples/', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const journeys = [
  'standalone-instant',
  'standalone-sms',
  'roadmap-instant',
  'roadmap-sms',
  'questions-and-answers',
  'results',
  'listing',
];

// Type-checked with the package (tsconfig.json includes examples/; the preamble's typecheck of @tas/client),
// against the built package as a partner imports it.
describe('examples/ (embedded in the docs getting-started page)', () => {
  it('holds one example per journey and the sandbox helper they share, nothing else', () => {
    expect(readdirSync(dir).sort()).toEqual([...journeys, 'sandbox'].map((j) => `${j}.ts`).sort());
  });

  it.each([...journeys, 'sandbox'])('%s is short and says what it shows in its first line', (journey) => {
    const lines = readFileSync(`${dir}${journey}.ts`, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\/\/ \S/);
    expect(lines.length).toBeLessThanOrEqual(40);
  });

  const mock = useMock();
  it.each<[string, RegExp]>([
    ['standalone-instant', /SMS code was sent|authenticated at once/],
    ['standalone-sms', /authenticated: true/],
    ['roadmap-instant', /roles: 1 /],
    ['roadmap-sms', /authenticated roles: /],
    ['questions-and-answers', /finished: true/],
    ['results', /\d+ \/ \d+/],
    ['listing', /career-interest \(standalone\)/],
  ])('%s runs against the mock', async (journey, output) => {
    // The mock takes any 5 digits as the SMS code: set, so that the SMS examples do not ask for one.
    const env = { ...process.env, TAS_BASE_URL: mock.url, TAS_SMS_CODE: '48213' };
    const { stdout } = await run(tsx, [`${dir}${journey}.ts`], { env });
    expect(stdout).toMatch(output);
  });
});
