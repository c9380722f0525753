import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Imports run one way (STYLE.md): a folder reads bottom-up, so no module imports itself back,
// type-only imports included (they tie the files together for a reader just the same).
const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = [
  'openapi/src',
  'packages/client/src',
  'packages/conformance/src',
  'packages/serve/src',
  'apps/mock/src',
  'apps/sandbox/src',
  'apps/docs/src',
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's relative imports and re-exports, resolved to the .ts files they name. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')));
}

/** Every cycle, each once, as the files around it (depth-first search over the import graph). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        cycles.set([...cycle].sort().join(' '), cycle);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

describe('import cycles', () => {
  it.each([
    ['none', { a: ['b'], b: [] }, []],
    ['two files', { a: ['b'], b: ['a'] }, [['a', 'b']]],
    ['three files', { a: ['b'], b: ['c'], c: ['a'] }, [['a', 'b', 'c']]],
    ['a file outside the graph', { a: ['x'] }, []],
  ])('finds them: %s', (_name, given, want) => {
    expect(cyclesOf(new Map(Object.entries(given)))).toEqual(want);
  });

  it.each(SOURCES)('%s has none', (dir) => {
    const files = tsFiles(join(root, dir));
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const named = cyclesOf(graph).map((cycle) => cycle.map((f) => relative(root, f)).join(' > '));
    expect(named).toEqual([]);
  });
});
