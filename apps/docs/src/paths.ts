import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteOptions } from './builder/site.js';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** Where the site's inputs live in this repository, and where it is built. */
export function defaultSiteOptions(): Omit<SiteOptions, 'log'> {
  return {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    descriptionDir: dirname(createRequire(import.meta.url).resolve('@tas/openapi/openapi.json')),
    clientExamplesDir: root('packages/client/examples'),
    clientDir: root('packages/client'),
    conformanceDir: root('packages/conformance'),
    serverDirs: [root('apps/sandbox/dist'), root('apps/mock/dist')],
    controlDescription: root('apps/sandbox/control.openapi.yaml'),
    sandboxGuide: root('apps/sandbox/README.md'),
    arazzoDir: root('openapi/arazzo'),
  };
}
