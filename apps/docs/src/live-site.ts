import { join } from 'node:path';
import { packClient } from './builder/client-package.js';
import type { SiteOptions } from './builder/site.js';

/**
 * The docs' part of a live edit (npm start, npm run docs): the site rebuilt from the description's
 * sources folder just bundled (the working version only; the releases' folders are kept), then every
 * open page told to reload. The client and the suite, which an edit does not rebuild, are packed once,
 * and the builder loaded (its converters take seconds), in the background as soon as the server serves:
 * the first edit does not wait for them.
 */
export function liveSite(site: Omit<SiteOptions, 'log'>, server: { reload(): number }) {
  const ready = (async () => {
    const [clientPackage, conformancePackage] = await Promise.all([
      site.clientDir ? packClient(site.clientDir) : undefined,
      site.conformanceDir ? packClient(site.conformanceDir) : undefined,
    ]);
    process.once('exit', () => {
      clientPackage?.cleanup();
      conformancePackage?.cleanup();
    });
    const { rebuildSite } = await import('./builder/versions.js');
    return { packed: { clientPackage, conformancePackage }, rebuildSite };
  })();
  // A failure is told by the edit that waits for it, not as an unhandled rejection that stops the server.
  ready.catch(() => {});
  return async ({ dir }: { dir: string }): Promise<string> => {
    const { packed, rebuildSite } = await ready;
    const summary = await rebuildSite({
      ...site,
      ...packed,
      descriptionDir: join(dir, 'dist'),
      arazzoDir: join(dir, 'arazzo'),
      openapiDir: dir,
      compress: false,
    });
    return `the site serves it (${summary.operations} operations); ${server.reload()} open page(s) told to reload`;
  };
}
