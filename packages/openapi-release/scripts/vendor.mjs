#!/usr/bin/env node
// tas-vendor: a build step, after tsc, of a package that is packed and installed alone (the
// conformance suite). The workspace packages it imports (@tas/openapi, private, never published;
// @tas/client, whose pacer and base-URL reading the suite shares) travel inside its tarball. Its
// package.json names them under "vendor" ({ "<name>": { "lib": "<built library folder>", "files":
// [<more files to copy>] } }). Run in the package's folder (as npm runs its build), this copies the
// modules of each built library that the package uses into dist/vendor/<name>/, and points dist's
// imports of each at that copy: the tarball installs alone, with the code and description it was
// built from.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const HELP = `Usage: tas-vendor   (in a package's folder, after its tsc build; takes no options)

Copies the modules of each workspace package named under "vendor" in ./package.json
({ "<name>": { "lib": "<built library folder>", "files": [<more files>] } }) that ./dist uses
into ./dist/vendor/<name>/, and points dist's imports at that copy, so the packed tarball
installs alone. Exit 2 when package.json names no package under "vendor".`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
if (args.length) {
  console.error(`tas-vendor: unknown option ${args[0]}; tas-vendor takes none (see tas-vendor --help)`);
  process.exit(2);
}

const dist = resolve('dist');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// The packages are found as the built package finds them, from its own folder.
const require = createRequire(resolve('package.json'));
/** Each vendored package: its built library, what else of it must travel, and its folder in the copy. */
const vendored = Object.entries(pkg.vendor ?? {}).map(([name, { lib, files = [] }]) => ({
  name,
  folder: name.replace(/^@[^/]+\//, ''),
  lib,
  files,
}));
if (vendored.length === 0) {
  console.error('tas-vendor: package.json names no package under "vendor"');
  process.exit(2);
}

/** dist's own files, outside the copies. */
function* own(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(dist, 'vendor')) yield* own(path);
    } else if (/\.(js|d\.ts)$/.test(entry.name)) yield path;
  }
}
const sources = [...own(dist)];
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `type X as Y` → `X`: the name the package exports. */
const exported = (name) =>
  name
    .replace(/^\s*type\s+/, '')
    .replace(/\s+as\s+\w+\s*$/, '')
    .trim();

rmSync(join(dist, 'vendor'), { recursive: true, force: true });
for (const { name, folder, lib: libPath, files } of vendored) {
  const root = dirname(require.resolve(`${name}/package.json`));
  const lib = join(root, libPath);
  const copy = join(dist, 'vendor', folder);
  const index = join(copy, libPath, 'index.js');

  // The names this package imports from it (values and types).
  const used = new Set();
  const from = `'(?:${literal(name)}|[./]*vendor/${literal(folder)}/${literal(libPath)}/index\\.js)'`;
  for (const file of sources)
    for (const [, names] of readFileSync(file, 'utf8').matchAll(
      new RegExp(`import (?:type )?\\{([^}]*)\\} from ${from}`, 'g'),
    ))
      for (const n of names.split(',')) used.add(exported(n));

  mkdirSync(join(copy, libPath), { recursive: true });
  for (const file of files) cpSync(join(root, file), join(copy, file));

  // An index of only the re-exports this package uses, so that the rest of the library (and its
  // dependencies) stays out of the tarball; then the modules those reach, file by file.
  const pending = [];
  for (const indexFile of ['index.js', 'index.d.ts']) {
    const kept = readFileSync(join(lib, indexFile), 'utf8')
      .split(/(?<=;)\n/)
      .filter((statement) => {
        const names = /export (?:type )?\{([^}]*)\}/.exec(statement)?.[1];
        return names?.split(',').some((n) => used.has(exported(n)));
      });
    writeFileSync(join(copy, libPath, indexFile), `${kept.join('\n')}\n`);
    for (const statement of kept) pending.push(join(lib, /from '([^']+)'/.exec(statement)[1]));
  }
  const copied = new Set();
  while (pending.length) {
    const js = pending.pop();
    if (copied.has(js)) continue;
    copied.add(js);
    for (const file of [js, js.replace(/\.js$/, '.d.ts')]) {
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
        if (spec.startsWith('.')) pending.push(join(dirname(file), spec));
        else if (file.endsWith('.js') && !spec.startsWith('node:')) {
          // Every package the copy imports must be one of ours, or the tarball would not run.
          const dep = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          if (!(dep in pkg.dependencies))
            throw new Error(`${name}'s ${relative(lib, file)} imports ${spec}: add ${dep} to the dependencies`);
        }
      }
      const target = join(copy, libPath, relative(lib, file));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text.replace(/\n\/\/# sourceMappingURL=.*$/m, ''));
    }
  }

  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(`'${name}'`)) continue;
    let target = relative(dirname(file), index);
    if (!target.startsWith('.')) target = `./${target}`;
    writeFileSync(file, text.replaceAll(`'${name}'`, `'${target}'`));
  }
}
