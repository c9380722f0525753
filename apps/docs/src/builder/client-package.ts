import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ClientPackage {
  name: string;
  version: string;
  /** The tarball `npm pack` wrote, e.g. tas-client-2.0.0.tgz. */
  file: string;
  path: string;
  sha256: string;
  /** The folder to remove once the tarball is copied. */
  cleanup: () => void;
}

/**
 * The typed client as the tarball a partner installs (`npm pack`, as `npm run release` packs it), so that
 * the site alone carries it. Undefined when the package or its build (`dist/`) is not there.
 */
export async function packClient(dir: string): Promise<ClientPackage | undefined> {
  if (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'dist'))) return undefined;
  const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, string>;
  const out = mkdtempSync(join(tmpdir(), 'tas-docs-client-'));
  // Built already (turbo builds a package before the site that packs it): a prepack script is not run again.
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', out],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  const file = stdout.trim().split('\n').pop() ?? '';
  const path = join(out, file);
  const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
  return {
    name: String(name),
    version: String(version),
    file,
    path,
    sha256,
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  };
}
