// Build step, after tsc: @tas/openapi is a private workspace package, never published, so the
// packed @tas/conformance carries its own copy. Copies the modules of its built library that this
// package uses, and the bundled description, into dist/vendor/openapi/, and points dist's imports
// of @tas/openapi at that copy: the tarball installs alone, with the description it was built from.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const vendor = join(dist, 'vendor', 'openapi', 'dist');
const pkg = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8'));
const lib = join(dirname(createRequire(import.meta.url).resolve('@tas/openapi/package.json')), 'dist', 'lib');

/** dist's own files, outside the copy. */
function* own(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(dist, 'vendor')) yield* own(path);
    } else if (/\.(js|d\.ts)$/.test(entry.name)) yield path;
  }
}
const sources = [...own(dist)];

// The names this package imports from @tas/openapi (values and types).
const used = new Set();
for (const file of sources)
  for (const [, names] of readFileSync(file, 'utf8').matchAll(
    /import (?:type )?\{([^}]*)\} from '(?:@tas\/openapi|[./]*vendor\/openapi\/dist\/lib\/index\.js)'/g,
  ))
    for (const name of names.split(',')) used.add(name.replace(/^\s*type\s+/, '').trim());

rmSync(join(dist, 'vendor'), { recursive: true, force: true });
mkdirSync(join(vendor, 'lib'), { recursive: true });
// The library reads ../openapi.json from dist/lib/: the same layout keeps that path.
cpSync(join(lib, '..', 'openapi.json'), join(vendor, 'openapi.json'));

// An index of only the re-exports this package uses, so that the rest of the library (and its
// dependencies) stays out of the tarball; then the modules those reach, file by file.
const pending = [];
for (const index of ['index.js', 'index.d.ts']) {
  const kept = readFileSync(join(lib, index), 'utf8')
    .split(/(?<=;)\n/)
    .filter((statement) => {
      const names = /export (?:type )?\{([^}]*)\}/.exec(statement)?.[1];
      return names?.split(',').some((n) => used.has(n.replace(/^\s*type\s+/, '').trim()));
    });
  writeFileSync(join(vendor, 'lib', index), `${kept.join('\n')}\n`);
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
        const root = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (!(root in pkg.dependencies))
          throw new Error(`@tas/openapi's ${relative(lib, file)} imports ${spec}: add ${root} to the dependencies`);
      }
    }
    const target = join(vendor, 'lib', relative(lib, file));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text.replace(/\n\/\/# sourceMappingURL=.*$/m, ''));
  }
}

for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes("'@tas/openapi'")) continue;
  let target = relative(dirname(file), join(vendor, 'lib', 'index.js'));
  if (!target.startsWith('.')) target = `./${target}`;
  writeFileSync(file, text.replaceAll("'@tas/openapi'", `'${target}'`));
}
