import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Compiled, compileAll } from '../src/compile.js';

// Generators' outputs in miniature, each compiled as the matrix compiles a real one: in a folder of
// the package (so that @types/node resolves), with a journey that uses the output.
const cwd = fileURLToPath(new URL('../test-artifacts/compile/', import.meta.url));
const journey = (id: string) =>
  `import { answer } from '../generated/${id}/index';\nconst value = answer();\nconst _typed: 0 extends 1 & typeof value ? true : false = false; // typed\n`;

const cases: [string, { given: string; want: { compile: string; typed: string; notes: RegExp[] } }][] = [
  [
    'clean output',
    { given: 'export const answer = (): number => 1;\n', want: { compile: 'ok', typed: 'ok', notes: [] } },
  ],
  [
    'a @ts-ignore that hides an error',
    {
      given: "// @ts-ignore\nconst n: number = 'x';\nexport const answer = (): number => n;\n",
      want: {
        compile: 'fail',
        typed: 'ok',
        notes: [/^Emits a suppression \(index.ts:1 `\/\/ @ts-ignore`\): .* taken out\.$/, /^1 strict compile error/],
      },
    },
  ],
  [
    'a @ts-nocheck file with an error',
    {
      given: "// @ts-nocheck\nexport const answer = (): number => 'x';\n",
      want: { compile: 'fail', typed: 'ok', notes: [/@ts-nocheck/, /^1 strict compile error/] },
    },
  ],
  [
    'a @ts-ignore that hides nothing',
    {
      given: '// @ts-ignore\nconst n: number = 1;\nexport const answer = (): number => n;\n',
      want: { compile: 'ok', typed: 'ok', notes: [/^Emits a suppression .* and it hides no error\.$/] },
    },
  ],
  [
    'a payload typed any',
    {
      given: 'export const answer = (): any => 1;\n',
      want: { compile: 'ok', typed: 'fail', notes: [/^Payload fields typed `any`/] },
    },
  ],
];
const ids = cases.map((_c, i) => `case-${i}`);

let compiled: Map<string, Compiled>;
beforeAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
  for (const [i, [, { given }]] of cases.entries()) {
    mkdirSync(join(cwd, 'generated', `case-${i}`), { recursive: true });
    mkdirSync(join(cwd, 'journeys'), { recursive: true });
    writeFileSync(join(cwd, 'generated', `case-${i}`, 'index.ts'), given);
    writeFileSync(join(cwd, 'journeys', `case-${i}.ts`), journey(`case-${i}`));
  }
  compiled = await compileAll(cwd, ids);
}, 120_000);

describe('compileAll: tsc --strict on each output with its suppressions taken out', () => {
  it.each(cases.map(([name, c], i) => [name, ids[i] ?? '', c.want] as const))('%s', (_name, id, want) => {
    const got = compiled.get(id);
    expect({ compile: got?.compile, typed: got?.typed }).toEqual({ compile: want.compile, typed: want.typed });
    expect(got?.notes).toHaveLength(want.notes.length);
    for (const [i, note] of want.notes.entries()) expect(got?.notes[i]).toMatch(note);
  });
});
