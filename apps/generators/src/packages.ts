import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

interface PackageJson {
  version: string;
  bin?: string | Record<string, string>;
  engines?: { node?: string };
}

/** The folder of an installed package, found the way Node would from this workspace. */
export function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${name} is not installed: run npm install`);
}

export function packageJson(name: string): PackageJson {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as PackageJson;
}

/** The script of a package's command, to run with `node` (the same Node as the matrix). */
export function binScript(name: string, command: string): string {
  const { bin } = packageJson(name);
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${name} has no command ${command}`);
  return join(packageDir(name), file);
}
