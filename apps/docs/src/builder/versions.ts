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
import { type ChangelogEntry, changelogEntries, listReleases } from '@tas/openapi-release';
import { parse } from 'yaml';
import { changesPage } from './changes-page.js';
import { packClient } from './client-package.js';
import { compressSite } from './compress.js';
import type { ToolsVersion } from './downloads.js';
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
 * The whole documentation: the latest release at the root (the default a partner lands on), the working
 * description at `preview/` while it is not released (at the root once it is, or when nothing is released),
 * every release under `v/<version>/` built from its kept bundle, a Changes page, and a version switcher on
 * every page. Offline like the rest: each version is a full copy of the site, except Redoc's script, which
 * every version loads from the root's assets/ (one file, cached once). Built in a fresh folder and swapped
 * in whole (`fresh-folder.ts`): a server serving `outDir` never sees it half built.
 */
export function buildVersionedSite(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  return buildIntoFresh(options.outDir, (outDir) => buildVersions({ ...options, outDir }));
}

/** Where the working description's pages are in a built site: `preview/` while it is unreleased, else the root. */
export function workingDir(siteDir: string): string {
  return existsSync(join(siteDir, PREVIEW, 'openapi.json')) ? join(siteDir, PREVIEW) : siteDir;
}
const PREVIEW = 'preview';
const versionOf = (dir: string) => loadDescription(join(dir, 'openapi.json')).info.version;

/**
 * The site again after an edit of the working description: the working version is built, and each
 * release's pages taken from the site being served (a release's pages do not change with the working
 * description), unless the working version's number changed (every page's switcher names it).
 */
export function rebuildSite(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  const served = workingDir(options.outDir);
  const same = existsSync(join(served, 'openapi.json')) && versionOf(served) === versionOf(options.descriptionDir);
  return buildIntoFresh(options.outDir, (outDir) =>
    buildVersions({ ...options, outDir, ...(same ? { reuse: options.outDir } : {}) }),
  );
}

async function buildVersions(options: VersionedOptions): Promise<SiteSummary & { versions: string[] }> {
  const openapiDir = options.openapiDir ?? defaultOpenapiDir();
  // The client and the conformance suite are packed once, for every version's downloads page.
  const [clientPackage, conformancePackage] = await Promise.all([
    options.clientPackage ?? (options.clientDir ? packClient(options.clientDir) : undefined),
    options.conformancePackage ?? (options.conformanceDir ? packClient(options.conformanceDir) : undefined),
  ]);
  try {
    return await buildAll({ ...options, clientPackage, conformancePackage }, openapiDir);
  } finally {
    if (!options.clientPackage) clientPackage?.cleanup();
    if (!options.conformancePackage) conformancePackage?.cleanup();
  }
}

async function buildAll(options: VersionedOptions, openapiDir: string) {
  const { outDir, log = () => {} } = options;
  const working = loadDescription(join(options.descriptionDir, 'openapi.json'));
  const current = working.info.version;
  const releases = listReleases(join(openapiDir, 'releases'));
  // The default, at the root: the latest release; the working version there only once released (or with none).
  const unreleased = !releases.includes(current);
  const atRoot = unreleased && releases.length ? (releases.at(-1) as string) : current;
  const versions: SiteVersion[] = [
    ...(unreleased
      ? [{ version: current, dir: atRoot === current ? '' : `${PREVIEW}/`, latest: false, unreleased }]
      : []),
    ...[...releases].reverse().map((v) => ({ version: v, dir: v === atRoot ? '' : `v/${v}/`, latest: v === atRoot })),
  ];
  if (atRoot === current && versions[0]) versions[0].latest = true;
  const work = mkdtempSync(join(tmpdir(), 'tas-docs-versions-'));
  // Folders (and the root's own entries) taken whole from the site being served: their switcher and policy are in.
  const reused: string[] = [];
  const descriptionOf = (version: string) => {
    if (version === current) return options.descriptionDir;
    const dir = join(work, version);
    if (existsSync(dir)) return dir;
    mkdirSync(dir);
    const doc = readFileSync(join(openapiDir, 'releases', `${version}.yaml`), 'utf8');
    writeFileSync(join(dir, 'openapi.yaml'), doc);
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(parse(doc), null, 2));
    return dir;
  };
  const changelog = changelogEntries({ root: openapiDir, working });
  const toolsVersion = options.clientPackage?.version ?? options.conformancePackage?.version;
  let summary: SiteSummary | undefined;
  try {
    // The root first: a site's build empties its folder. Every release has its own folder too, the root's
    // included (a copy, below), so that a link to /v/<version>/ lasts.
    const builds = [{ version: atRoot, dir: '' }, ...versions.filter((v) => v.dir)];
    for (const { version, dir } of builds) {
      const kept = options.reuse && version !== current && join(options.reuse, dir);
      if (kept && existsSync(join(kept, 'openapi.json')) && versionOf(kept) === version) {
        const entries = dir
          ? [dir]
          : [
              ...readdirSync(kept).filter((f) => !['v', PREVIEW, 'changes.html'].includes(f)),
              ...(releases.includes(atRoot) ? [`v/${atRoot}/`] : []),
            ];
        for (const entry of entries)
          cpSync(join(options.reuse as string, entry), join(outDir, entry), { recursive: true });
        reused.push(...entries);
        continue;
      }
      const built = await buildSite({
        ...options,
        outDir: join(outDir, dir),
        siteRoot: outDir,
        descriptionDir: descriptionOf(version),
        ...(toolsVersion && toolsVersion !== version ? { tools: toolsSince(changelog, version, toolsVersion) } : {}),
        ...(version === current ? {} : { log: () => {} }),
      });
      if (version === current) summary = built;
      if (dir) log(`version ${version}: ${dir}`);
      else if (releases.includes(atRoot)) permalinkCopy(outDir, `v/${atRoot}/`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // The switcher lists each version once; the root release's permalink folder is a copy it does not list.
  const folders = releases.includes(atRoot)
    ? [...versions, { version: atRoot, dir: `v/${atRoot}/`, latest: true }]
    : versions;

  const dirOf = (v: string) => versions.find((s) => s.version === v)?.dir ?? `v/${v}/`;
  writeFileSync(
    join(outDir, 'changes.html'),
    changesPage({
      entries: changelog,
      siteTitle: working.info.title,
      version: atRoot,
      control: existsSync(options.controlDescription),
      dirOf,
      dates: releaseDates(join(openapiDir, 'releases'), releases),
    }),
  );

  const files = new Set(htmlFiles(outDir));
  const rootVersion = versions.find((v) => !v.dir) as SiteVersion;
  for (const file of files) {
    if (reused.some((entry) => file.startsWith(entry))) continue;
    const here = folders.find((v) => v.dir && file.startsWith(v.dir)) ?? rootVersion;
    const path = join(outDir, file);
    const html = withSwitcher(readFileSync(path, 'utf8'), {
      here,
      versions,
      file: file.slice(here.dir.length),
      exists: (f) => files.has(f),
    });
    // The switcher adds a script: each page's policy is made again, with its hash (page-policy.ts).
    writeFileSync(path, withPagePolicy(html, hostedOf(join(outDir, here.dir))));
  }
  if (options.compress !== false) compressSite(outDir, undefined, reused);
  if (!summary) throw new Error(`the working version ${current} was not built`);
  return { ...summary, versions: versions.map((v) => `${v.version}${v.dir ? ` (${v.dir})` : ''}`) };
}

/** The tools' version and its breaking changes since `version`, counted in the changelog (unknown when either is not in it). */
function toolsSince(entries: ChangelogEntry[], version: string, tools: string): ToolsVersion {
  const at = (v: string) => entries.findIndex((e) => e.version === v);
  const [from, to] = [at(version), at(tools)];
  if (from < 0 || to < from) return { version: tools };
  const breaking = entries
    .slice(from + 1, to + 1)
    .flatMap((e) => e.changes ?? [])
    .filter((c) => c.kind === 'breaking');
  return { version: tools, breaking: breaking.length };
}

/** The root's release again under `v/<version>/`, its links to the shared assets/ made two folders longer. */
function permalinkCopy(outDir: string, dir: string): void {
  for (const entry of readdirSync(outDir).filter((f) => !['v', PREVIEW, 'assets'].includes(f)))
    cpSync(join(outDir, entry), join(outDir, dir, entry), { recursive: true });
  for (const file of readdirSync(join(outDir, dir), { recursive: true, encoding: 'utf8' }))
    if (/\.(html|json)$/.test(file)) {
      const path = join(outDir, dir, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"./assets/', '"../../assets/'));
    }
}

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, base);
    return name.endsWith('.html') ? [relative(base, path)] : [];
  });
}
