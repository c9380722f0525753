import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
  'packages/openapi-release/src',
  'packages/serve/src',
  'apps/mock/src',
  'apps/sandbox/src',
  'apps/docs/src',
  // A package's folders (src, journeys, scripts) and the root's scripts, each read as one whole.
  'apps/generators',
  'scripts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['generated', 'node_modules', 'dist', 'test-artifacts'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier resolved to the file it names (`./x.js` is `./x.ts` in TypeScript sources). */
function resolveSpecifier(file: string, name: string): string {
  const path = resolve(dirname(file), name);
  if (existsSync(path)) return path;
  const typed = path.replace(/\.js$/, '.ts');
  return existsSync(typed) ? typed : path;
}

/** A file's relative imports and re-exports (and import() calls), resolved to the files they name. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolveSpecifier(file, name));
}

const graphOf = (dir: string) => new Map(sourceFiles(join(root, dir)).map((f) => [f, importsOf(f)]));

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

/** True when `file` lies in `folder` or below it. */
const inside = (file: string, folder: string) => file.startsWith(folder + sep);

/**
 * Imports that climb back up: an import from a file in folder F of a file outside F (not below it)
 * that itself depends, directly or through any chain of imports, on a file in F or below it. F then
 * both uses that file and is used by it, so the folders cannot be read top-down, each below its
 * users (checks/ -> negative/ -> checks/, or fixtures/example.ts -> plan.ts -> fixtures/). A file
 * that uses none of F (the parent's shared types, a sibling folder's leaf) is no climb.
 */
function climbsOf(graph: Map<string, string[]>): [from: string, to: string][] {
  const reachesInto = (start: string, folder: string) => {
    const seen = new Set<string>();
    const todo = [...(graph.get(start) ?? [])];
    for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
      if (inside(file, folder)) return true;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...(graph.get(file) ?? []));
    }
    return false;
  };
  return [...graph].flatMap(([from, imports]) =>
    imports
      .filter((to) => graph.has(to) && !inside(to, dirname(from)) && reachesInto(to, dirname(from)))
      .map((to): [string, string] => [from, to]),
  );
}

/**
 * Known climbs, listed rather than moved, each with why it climbs (left for the docs folder rename,
 * issue 31 item 5). A climb removed must leave this list too (the test fails on an exception that
 * no longer happens).
 */
const KNOWN_CLIMBS: Record<string, string> = {
  'apps/docs/src/builder/downloads.ts -> apps/docs/src/guide/downloads.ts':
    "the Downloads page (guide/) takes the Postman environments and the change groups from the builder's modules",
  'apps/docs/src/builder/downloads.ts -> apps/docs/src/guide/proxy.ts':
    "the proxy page (guide/) takes the suite's download from the builder's modules, as the Downloads page does",
  'apps/docs/src/builder/site.ts -> apps/docs/src/guide/page.ts':
    "the guide page reads the Downloads page's types, which take the builder's (see above)",
  'apps/docs/src/builder/compress.ts -> apps/docs/src/serve/encoded.ts':
    'the build writes the encoded copies the server sends, by the names the server looks up',
  'apps/sandbox/src/forms/submit.ts -> apps/sandbox/src/api/questionnaire.ts':
    "the HTML form finishes its record through the API's own submission, so the two cannot differ",
};

/**
 * Known relative imports out of a package: the Try-it panel's browser bundle (esbuild) takes the
 * description's validator and the suite's response rules from their sources, without the Node-only
 * modules the packages' entries also load.
 */
const KNOWN_LEAVING: Record<string, string> = Object.fromEntries(
  [
    'apps/docs/src/tryit/judge.ts -> packages/conformance/src/responses/index.ts',
    'apps/docs/src/tryit/judge.ts -> packages/conformance/src/types.ts',
    'apps/docs/src/tryit/openapi-browser.ts -> openapi/src/assumptions.ts',
    'apps/docs/src/tryit/openapi-browser.ts -> openapi/src/description.ts',
    'apps/docs/src/tryit/openapi-browser.ts -> openapi/src/operations.ts',
    'apps/docs/src/tryit/openapi-browser.ts -> openapi/src/pointer.ts',
    'apps/docs/src/tryit/openapi-browser.ts -> openapi/src/validator.ts',
  ]
    .map((edge) => [edge, 'the browser bundle of Try it, built from sources without Node-only modules'])
    .concat(
      ['postman-proxy', 'code-samples']
        .flatMap((test) =>
          ['claims/breach', 'faults/faults', 'faults/proxy'].map(
            (harness) => `apps/docs/test/${test}.test.ts -> packages/conformance/test/${harness}.ts`,
          ),
        )
        .map((edge) => [
          edge,
          "the Postman collection and the code samples run through the suite's generated breaches, which its tests hold (not published)",
        ]),
    ),
);

/** Workspace folders: a relative import must not leave its own (a package is reached by its name). */
const WORKSPACES = [
  'openapi',
  ...['packages', 'apps'].flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`)),
];
/** The one root file packages import: every package's vitest.config.ts takes the shared test settings. */
const SHARED_CONFIG = join(root, 'vitest.shared.ts');
const workspaceOf = (file: string) => WORKSPACES.find((w) => inside(file, join(root, w))) ?? '(root)';
const APPS = readdirSync(join(root, 'apps')).map(
  (name) => JSON.parse(readFileSync(join(root, 'apps', name, 'package.json'), 'utf8')).name as string,
);

const tracked = () =>
  execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.js', '*.mjs'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.endsWith('.d.ts') && !f.includes('/generated/') && !f.startsWith('openapi/releases/'))
    .map((f) => join(root, f));

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
    const named = cyclesOf(graphOf(dir)).map((cycle) => cycle.map((f) => relative(root, f)).join(' > '));
    expect(named).toEqual([]);
  });
});

describe('imports that climb back up between folders', () => {
  const g = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([from, to]) => [`/p/${from}`, to.map((t) => `/p/${t}`)]));
  it.each([
    [
      "a folder importing its parent's leaf (shared types)",
      { 'a/x.ts': ['t.ts'], 't.ts': [], 'run.ts': ['a/x.ts'] },
      [],
    ],
    ['a parent importing its folder', { 'run.ts': ['a/x.ts'], 'a/x.ts': [] }, []],
    ['sibling folders, one way', { 'a/x.ts': ['b/y.ts'], 'b/y.ts': [] }, []],
    [
      'sibling folders importing each other',
      { 'a/x.ts': ['b/y.ts'], 'b/y.ts': [], 'b/z.ts': ['a/w.ts'], 'a/w.ts': [] },
      [],
    ],
    [
      'a folder importing a file that uses it',
      { 'a/x.ts': ['b/y.ts'], 'b/y.ts': ['a/w.ts'], 'a/w.ts': [] },
      [['a/x.ts', 'b/y.ts']],
    ],
    [
      "a folder importing its parent's user of it",
      { 'a/x.ts': ['plan.ts'], 'plan.ts': ['c/z.ts'], 'c/z.ts': ['a/w.ts'], 'a/w.ts': [] },
      [['a/x.ts', 'plan.ts']],
    ],
    ['through a subfolder', { 'a/x.ts': ['b.ts'], 'b.ts': ['a/s/w.ts'], 'a/s/w.ts': [] }, [['a/x.ts', 'b.ts']]],
  ])('%s', (_name, edges, want) => {
    expect(climbsOf(g(edges)).map(([from, to]) => [from.slice(3), to.slice(3)])).toEqual(want);
  });

  it.each(SOURCES)('%s has none but the known ones', (dir) => {
    const found = climbsOf(graphOf(dir)).map(([from, to]) => `${relative(root, from)} -> ${relative(root, to)}`);
    const known = Object.keys(KNOWN_CLIMBS).filter((climb) => climb.startsWith(`${dir}/`));
    expect(
      found.filter((climb) => !(climb in KNOWN_CLIMBS)),
      'imports that climb back up',
    ).toEqual([]);
    expect(
      known.filter((climb) => !found.includes(climb)),
      'known climbs that no longer happen: remove them',
    ).toEqual([]);
  });

  it('no relative import leaves its workspace package (another package is reached by its name and exports)', () => {
    const leaving = tracked().flatMap((file) =>
      importsOf(file)
        .filter((to) => workspaceOf(to) !== workspaceOf(file) && to !== SHARED_CONFIG)
        .map((to) => `${relative(root, file)} -> ${relative(root, to)}`),
    );
    expect(leaving.filter((edge) => !(edge in KNOWN_LEAVING))).toEqual([]);
    expect(
      Object.keys(KNOWN_LEAVING).filter((edge) => !leaving.includes(edge)),
      'known imports that no longer leave: remove them',
    ).toEqual([]);
  });

  it('no runtime source of a package or the description imports an app (apps stand on packages)', () => {
    const below = tracked().filter((f) => /^(packages\/[^/]+|openapi)\/src\//.test(relative(root, f)));
    const up = below.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((i) => i.fileName)
        .filter((name) => APPS.some((app) => name === app || name.startsWith(`${app}/`)))
        .map((name) => `${relative(root, file)} -> ${name}`),
    );
    expect(up).toEqual([]);
  });
});
