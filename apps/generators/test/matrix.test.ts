import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATORS } from '../src/generators.js';
import { exactInstall, runMatrix } from '../src/matrix.js';
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

// The second proof: each generator as its own quick start installs it (npm run matrix:quick-start and
// matrix:quick-start:node22 write these rows; they need the registry, so they are a dated record, not
// a run of every test).
describe(`${MATRIX_FILE}'s quick-start rows`, () => {
  const quick = committed.quickStart;

  it('exist for every generator on Node 20 and 22, dated', () => {
    expect(quick?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const node of ['20', '22'])
      expect(
        quick?.runs[node]?.map((r) => r.generator),
        `Node ${node}: npm run matrix:quick-start${node === '22' ? ':node22' : ''}`,
      ).toEqual(GENERATORS.map((g) => g.package));
  });

  const rowsOf = Object.entries(quick?.runs ?? {}).flatMap(([node, list]) => list.map((r) => [node, r] as const));
  it.each(rowsOf)('Node %s: %s says how it was installed, with the exact command for those versions', (_node, row) => {
    const g = GENERATORS.find((x) => x.package === row.generator);
    expect(row.install).toBe('quick start');
    // The quick start it records is the one generators.ts names today (else the row is stale).
    expect(row.notes[0]).toBe(`Quick start: \`${g?.quickStart.join(' && ')}\`.`);
    expect(row.exact).toBe(exactInstall(row.generator, row.version, row.with, row.typescript));
  });

  it('the pinned rows give their exact install too', () => {
    for (const list of Object.values(committed.runs))
      for (const row of list) {
        expect(row.install).toBe('pinned');
        expect(row.exact).toBe(exactInstall(row.generator, row.version, row.with, row.typescript));
      }
  });
});
