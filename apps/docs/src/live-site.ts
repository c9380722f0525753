import { join } from 'node:path';
import { type ClientPackage, packClient } from './builder/client-package.js';
import type { SiteOptions } from './builder/site.js';

/**
 * The docs' part of a live edit (npm start, npm run docs): the site rebuilt from the description's
 * sources folder just bundled (the working version only; the releases' folders are kept), then every
 * open page told to reload. The client and the suite, which an edit does not rebuild, are packed once.
 */
export function liveSite(site: Omit<SiteOptions, 'log'>, server: { reload(): number }) {
  let packed: { clientPackage?: ClientPackage; conformancePackage?: ClientPackage } | undefined;
  return async ({ dir }: { dir: string }): Promise<string> => {
    packed ??= {
      clientPackage: site.clientDir ? packClient(site.clientDir) : undefined,
      conformancePackage: site.conformanceDir ? packClient(site.conformanceDir) : undefined,
    };
    process.once('exit', () => {
      packed?.clientPackage?.cleanup();
      packed?.conformancePackage?.cleanup();
    });
    // The builder (its converters take seconds to load) only once there is something to build.
    const { rebuildSite } = await import('./builder/versions.js');
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
