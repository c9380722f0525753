import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATORS } from '../src/generators.js';
import { runMatrix } from '../src/matrix.js';
import { formatMatrix, MATRIX_FILE, readMatrix } from '../src/matrix-file.js';
import { packageJson } from '../src/packages.js';
import { inProcessSandbox } from '../src/sandbox.js';
import type { Row } from '../src/types.js';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const major = process.versions.node.split('.')[0] ?? '';
const committed = readMatrix(cwd);
let rows: Row[] = [];

beforeAll(async () => {
  const sandbox = await inProcessSandbox();
  rows = await runMatrix(cwd, sandbox).finally(() => sandbox.close());
  // The file this run would write, to copy over matrix.json when the difference is the intended one.
  mkdirSync(join(cwd, 'test-artifacts'), { recursive: true });
  writeFileSync(join(cwd, 'test-artifacts', MATRIX_FILE), formatMatrix({ runs: { ...committed.runs, [major]: rows } }));
}, 240_000);

describe(`the generator matrix on Node ${major}`, () => {
  it(`${MATRIX_FILE} holds what this run produced (derived: npm run matrix -w @tas/generators writes it)`, () => {
    expect(committed.runs[major], `no rows of Node ${major}: run npm run matrix`).toEqual(rows);
  });

  // What passes keeps passing: a row may only get better.
  const all = { generate: 'ok', compile: 'ok', journey: 'ok', typed: 'ok' } as const;
  const cases: [string, { want: Partial<Row> }][] = [
    ['@hey-api/openapi-ts', { want: all }],
    ['openapi-typescript', { want: all }],
    ['orval', { want: all }],
    ['swagger-typescript-api', { want: all }],
    ['openapi-typescript-codegen', { want: all }],
    ['oazapfts', { want: all }],
  ];
  it.each(cases)('%s keeps its passing verdicts', (generator, { want }) => {
    expect(rows.find((r) => r.generator === generator)).toMatchObject(want);
  });
});

describe(`${MATRIX_FILE} on every Node`, () => {
  it('lists each generator at the version pinned in package.json, on every Node major it was run on', () => {
    const pinned = GENERATORS.map((g) => [g.package, packageJson(g.package).version]);
    expect(Object.keys(committed.runs).length).toBeGreaterThan(0);
    for (const [node, runRows] of Object.entries(committed.runs)) {
      expect(
        runRows.map((r) => [r.generator, r.version]),
        `Node ${node}'s rows are stale: run the matrix on it`,
      ).toEqual(pinned);
    }
  });

  it('agrees with this run on every verdict on the other Node majors (else their rows are stale: run the matrix there)', () => {
    const verdicts = (r: Row) => [r.generator, r.generate, r.compile, r.journey, r.typed];
    for (const [node, runRows] of Object.entries(committed.runs).filter(([node]) => node !== major)) {
      expect(runRows.map(verdicts), `Node ${node}: npm run matrix:node${node} -w @tas/generators`).toEqual(
        rows.map(verdicts),
      );
    }
  });

  it('pins every generator exactly (a range would change the matrix under it)', () => {
    const own = packageJson('@tas/generators') as unknown as { devDependencies: Record<string, string> };
    for (const name of GENERATORS.flatMap((g) => [g.package, ...g.with])) {
      expect(own.devDependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});
