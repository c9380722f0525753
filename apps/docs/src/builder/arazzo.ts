import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';

/**
 * Copies a workflow file into the site, pointing each source description at the site's own copy
 * (`../openapi.yaml`, `../sandbox-control.yaml`): the repository's relative paths do not exist
 * on a static host.
 */
export function copyWorkflow(from: string, toDir: string, sites: Record<string, string>): void {
  const doc = parseDocument(readFileSync(from, 'utf8'));
  const sources = doc.get('sourceDescriptions');
  if (!sources || typeof sources !== 'object' || !('items' in sources)) {
    copyFileSync(from, join(toDir, basename(from)));
    return;
  }
  for (const item of (sources as { items: { get(k: string): unknown; set(k: string, v: string): void }[] }).items) {
    const url = item.get('url');
    if (typeof url !== 'string') continue;
    const target = sites[resolve(dirname(from), url)];
    if (target) item.set('url', target);
  }
  writeFileSync(join(toDir, basename(from)), doc.toString());
}
