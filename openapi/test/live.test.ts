import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Change, problemLines, SOURCES_DIR, watchDescription } from '../src/live.js';

// What an author reads of an invalid edit (npm start's watch): Redocly's stylish lint, one problem a
// line at its file, line and column, the edited file's first.
const stylish = `validating openapi.yaml using lint rules for api 'main'...
paths/record.yaml:
  27:13  error    no-invalid-media-type-examples  Example validation errored: type must be JSONType.

components/schemas/BirthDate.yaml:
  1:7  error    struct                      \`type\` can be one of the following only: "object".
  1:7  error    struct                      \`type\` can be one of the following only: "object".

openapi.yaml: validated in 1400ms

❌ Validation failed with 3 errors.`;

describe('problemLines', () => {
  it('says each problem once at its file:line:col, the changed file first', () => {
    expect(problemLines(stylish, ['components/schemas/BirthDate.yaml'])).toEqual([
      'components/schemas/BirthDate.yaml:1:7 error struct: `type` can be one of the following only: "object".',
      'paths/record.yaml:27:13 error no-invalid-media-type-examples: Example validation errored: type must be JSONType.',
    ]);
  });

  it("keeps a bundle's own words when the lint found no problem", () => {
    const bundle = 'bundling openapi.yaml...\n[1] components/examples/X.yaml:9:4\nFailed to parse: missed comma';
    expect(problemLines(bundle)).toEqual(['[1] components/examples/X.yaml:9:4', 'Failed to parse: missed comma']);
  });
});

// A bundle and both lints take seconds; minutes on a machine as busy as CI's can be.
const BUNDLE_LIMIT_MS = 240_000;

// The watch itself, over a copy of the sources (its dist/ too): what the author sees on the terminal.
describe('watchDescription', () => {
  const work = mkdtempSync(join(tmpdir(), 'tas-live-'));
  cpSync(SOURCES_DIR, work, { recursive: true, filter: (path) => !/\/(node_modules|src|test|lib)$/.test(path) });
  const lines: string[] = [];
  const valid: Change[] = [];
  let stop = () => {};
  beforeAll(() => {
    stop = watchDescription({ dir: work, log: (line) => lines.push(line), onValid: (c) => void valid.push(c) });
  });
  afterAll(() => {
    stop();
    rmSync(work, { recursive: true, force: true });
  });
  const said = (pattern: RegExp) =>
    vi.waitFor(() => expect(lines.join('\n')).toMatch(pattern), { timeout: BUNDLE_LIMIT_MS, interval: 200 });

  it("refuses an edit only Spectral's rules find, at the source file it broke", async () => {
    const file = join(work, 'components/schemas/DraftToken.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^maxLength: 128\n/m, ''));
    await said(/DraftToken\.yaml changed: not valid/);
    expect(lines.join('\n')).toMatch(
      /components\/schemas\/DraftToken\.yaml#\/ error spectral owasp:api4:2023-string-limit/,
    );
    expect(valid).toEqual([]);
  });

  it('watches a folder made while watching, and the files in it', async () => {
    mkdirSync(join(work, 'components/examples/more'));
    writeFileSync(join(work, 'components/examples/more/Spare.yaml'), 'summary: spare\nvalue: {}\n');
    await said(/components\/examples\/more\/Spare\.yaml/);
  });
});
