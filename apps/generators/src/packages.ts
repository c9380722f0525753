import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

interface PackageJson {
  version: string;
  bin?: string | Record<string, string>;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * The folder of an installed package, found the way Node would from this workspace, or from the
 * project folder `from` (a quick-start install) when given.
 */
export function packageDir(name: string, from?: string): string {
  const bases = from ? [join(from, 'node_modules')] : (require.resolve.paths(name) ?? []);
  for (const base of bases) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${name} is not installed${from ? ` in ${from}` : ''}: run npm install`);
}

export function packageJson(name: string, from?: string): PackageJson {
  return JSON.parse(readFileSync(join(packageDir(name, from), 'package.json'), 'utf8')) as PackageJson;
}

/** The script of a package's command, to run with `node` (the same Node as the matrix). */
export function binScript(name: string, command: string, from?: string): string {
  const { bin } = packageJson(name, from);
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${name} has no command ${command}`);
  return join(packageDir(name, from), file);
}
