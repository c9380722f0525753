import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { loadDescription } from '@tas/openapi';
import { changelogEntries, listReleases } from '@tas/openapi-release';
import { parse } from 'yaml';
import { changesPage } from './changes-page.js';
import { packClient } from './client-package.js';
import { compressSite } from './compress.js';
import { buildIntoFresh } from './fresh-folder.js';
import { withPagePolicy } from './page-policy.js';
import { releaseDates } from './release-dates.js';
import { buildSite, type SiteOptions, type SiteSummary } from './site.js';
import { type SiteVersion, withSwitcher } from './switcher.js';
import { hostedTargets as hostedOf } from './tryit-policy.js';

export interface VersionedOptions extends SiteOptions {
  /** The description package's folder (releases/ and CHANGELOG.md's sources). */
  openapiDir?: string;
  /** A built site whose release folders (v/<version>/) are taken as they are rather than built again. */
  reuse?: string;
  /** Precompressed variants of its files (default true; a live rebuild, served by the docs server alone, skips them). */
  compress?: boolean;
}

/** The openapi/ folder of this repository, found through the package that ships it. */
export function defaultOpenapiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@tas/openapi/package.json'));
}

/**
 * The whole documentation: the working description (the latest release, once released) at the root,
 * every release under `v/<version>/` built from its kept bundle, a Changes page, and a version
 * switcher on every page. Offline like the rest: each version is a full copy of the site, except Redoc's
 * script, which every version loads from the root's assets/ (one file, cached once). Built in a fresh
 * folder and swapped in whole (`fresh-folder.ts`): a server serving `outDir` never sees it half built.
 */
export function buildVersionedSite(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  return buildIntoFresh(options.outDir, (outDir) => buildVersions({ ...options, outDir }));
}

/**
 * The site again after an edit of the working description: the working version is built, and each
 * release's folder taken from the site being served (a release's pages do not change with the working
 * description), unless the working version's number changed (every page's switcher names it).
 */
export function rebuildSite(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  const version = (dir: string) => loadDescription(join(dir, 'openapi.json')).info.version;
  const same =
    existsSync(join(options.outDir, 'openapi.json')) && version(options.outDir) === version(options.descriptionDir);
  return buildIntoFresh(options.outDir, (outDir) =>
    buildVersions({ ...options, outDir, ...(same ? { reuse: options.outDir } : {}) }),
  );
}

async function buildVersions(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  const openapiDir = options.openapiDir ?? defaultOpenapiDir();
  // The client and the conformance suite are packed once, for every version's downloads page.
  const clientPackage = options.clientPackage ?? (options.clientDir ? packClient(options.clientDir) : undefined);
  const conformancePackage =
    options.conformancePackage ?? (options.conformanceDir ? packClient(options.conformanceDir) : undefined);
  try {
    return await buildAll({ ...options, clientPackage, conformancePackage }, openapiDir);
  } finally {
    if (!options.clientPackage) clientPackage?.cleanup();
    if (!options.conformancePackage) conformancePackage?.cleanup();
  }
}

async function buildAll(options: VersionedOptions, openapiDir: string) {
  const { outDir, log = () => {} } = options;
  const summary = await buildSite(options);
  const releases = listReleases(join(openapiDir, 'releases'));
  const current = summary.version;
  const versions: SiteVersion[] = [
    { version: current, dir: '', latest: true, unreleased: !releases.includes(current) },
    ...releases
      .filter((v) => v !== current)
      .reverse()
      .map((v) => ({ version: v, dir: `v/${v}/`, latest: false })),
  ];
  // Every release has its own folder too, the latest included, so that a link to /v/<version>/ lasts.
  const work = mkdtempSync(join(tmpdir(), 'tas-docs-versions-'));
  const reused: string[] = [];
  try {
    for (const version of releases) {
      const kept = options.reuse && join(options.reuse, 'v', version);
      if (kept && existsSync(kept)) {
        cpSync(kept, join(outDir, 'v', version), { recursive: true });
        reused.push(`v/${version}/`);
        continue;
      }
      const descriptionDir = join(work, version);
      mkdirSync(descriptionDir);
      const doc = readFileSync(join(openapiDir, 'releases', `${version}.yaml`), 'utf8');
      writeFileSync(join(descriptionDir, 'openapi.yaml'), doc);
      writeFileSync(join(descriptionDir, 'openapi.json'), JSON.stringify(parse(doc), null, 2));
      await buildSite({
        ...options,
        outDir: join(outDir, 'v', version),
        siteRoot: outDir,
        descriptionDir,
        log: () => {},
      });
      log(`version ${version}: v/${version}/`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // The switcher lists each version once; the latest's permalink folder is a copy it does not list.
  const folders = releases.includes(current)
    ? [...versions, { version: current, dir: `v/${current}/`, latest: true }]
    : versions;

  const working = loadDescription(join(options.descriptionDir, 'openapi.json'));
  const entries = changelogEntries({ root: openapiDir, working });
  const dirOf = (v: string) => (v === current ? '' : `v/${v}/`);
  writeFileSync(
    join(outDir, 'changes.html'),
    changesPage({
      entries,
      siteTitle: working.info.title,
      version: current,
      control: summary.control,
      dirOf,
      dates: releaseDates(join(openapiDir, 'releases'), releases),
    }),
  );

  const files = new Set(htmlFiles(outDir));
  for (const file of files) {
    // A release's pages taken whole have their switcher and policy already.
    if (reused.some((dir) => file.startsWith(dir))) continue;
    const here = folders.find((v) => v.dir && file.startsWith(v.dir)) ?? (versions[0] as SiteVersion);
    const path = join(outDir, file);
    const html = withSwitcher(readFileSync(path, 'utf8'), {
      here,
      versions,
      file: file.slice(here.dir.length),
      exists: (f) => files.has(f),
    });
    // The switcher adds a script: each page's policy is made again, with its hash (page-policy.ts).
    writeFileSync(path, withPagePolicy(html, hostedOf(outDir)));
  }
  if (options.compress !== false) compressSite(outDir, undefined, reused);
  return { ...summary, versions: versions.map((v) => `${v.version}${v.dir ? ` (${v.dir})` : ''}`) };
}

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, base);
    return name.endsWith('.html') ? [relative(base, path)] : [];
  });
}
