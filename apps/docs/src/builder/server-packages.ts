import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerDownload } from '../guide/servers.js';

/**
 * The sandbox and the mock as their builds packed them (`dist/*.tgz`, staged in `dist/package/`), copied
 * into the site with their SHA-256. A server not built yet is left out: the page says so.
 */
export function copyServerPackages(dirs: string[], outDir: string): ServerDownload[] {
  const found: ServerDownload[] = [];
  for (const dir of dirs) {
    const manifest = join(dir, 'package', 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name: string;
      version: string;
      bin: Record<string, string>;
    };
    // npm pack's name for this version: an older version's tarball left in dist/ is not this package.
    const file = `${name.replace(/^@/, '').replace(/\//g, '-')}-${version}.tgz`;
    if (!existsSync(join(dir, file))) continue;
    copyFileSync(join(dir, file), join(outDir, file));
    const sha256 = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    found.push({ name, version, bin: Object.keys(bin)[0] ?? '', file, sha256 });
  }
  return found;
}
