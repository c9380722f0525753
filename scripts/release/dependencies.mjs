// A published tarball's dependencies against what its files import: a dependency no file imports is
// a download every install pays for; an import no dependency provides fails on the installer's machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The files whose imports count: JavaScript, and the declarations a TypeScript user compiles against. */
const CODE = /\.[cm]?js$|\.d\.[cm]?ts$/;

/** `@scope/name/deep/path.js` → `@scope/name`; `name/x` → `name`. */
export const packageOf = (id) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');

const isBuiltin = (id) => id.startsWith('node:') || builtinModules.includes(packageOf(id));
/** A package name, not a relative or absolute path or a URL (data:, file:). */
const isPackage = (id) => !/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(id);

/**
 * The packages one file imports: static and dynamic `import`, `export … from`, `require`, `import type`,
 * as TypeScript's own pre-processor reads them (string specifiers only; builtins left out).
 */
export function importsOf(source) {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const ids = importedFiles.map((f) => f.fileName).filter((id) => isPackage(id) && !isBuiltin(id));
  return [...new Set(ids.map(packageOf))];
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Unpacks an npm tarball and reads its manifest and, for every package its code imports, the first
 * file (in the tarball) that imports it.
 * @returns {{ manifest: Record<string, any>, imports: Map<string, string> }}
 */
export function readTarball(file) {
  const dir = mkdtempSync(join(tmpdir(), 'tas-tarball-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', dir]);
    const root = join(dir, 'package');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const imports = new Map();
    for (const path of walk(root)
      .filter((p) => CODE.test(p))
      .sort())
      for (const name of importsOf(readFileSync(path, 'utf8')))
        if (!imports.has(name)) imports.set(name, relative(root, path));
    return { manifest, imports };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a tarball declares and does not import (`unused`: dependencies and optional ones), and what it
 * imports that nothing declares (`missing`, each with the file that imports it); peers and the
 * package's own name count as provided.
 */
export function dependencyDrift({ manifest, imports }) {
  const declared = Object.keys({ ...manifest.optionalDependencies, ...manifest.dependencies });
  const bundled = manifest.bundleDependencies ?? manifest.bundledDependencies ?? [];
  const provided = new Set([manifest.name, ...declared, ...Object.keys(manifest.peerDependencies ?? {}), ...bundled]);
  return {
    unused: declared.filter((name) => !imports.has(name)).sort(),
    missing: [...imports]
      .filter(([name]) => !provided.has(name))
      .map(([name, file]) => `${name} (imported by ${file})`)
      .sort(),
  };
}
