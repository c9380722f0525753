import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { listAssumptions, listOperations, loadDescription, type OpenApiDocument } from '@tas/openapi';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { type Addresses, atAddresses, siteAddresses } from '../guide/addresses.js';
import { readClientExamples } from '../guide/client-examples.js';
import { errorsPage } from '../guide/errors.js';
import { HOSTING, hostingPage, hostingSection, sandboxReadmePage } from '../guide/hosting.js';
import { FAVICON, markCurrent } from '../guide/layout.js';
import { assumptionsPage, guidePage } from '../guide/page.js';
import { copyWorkflow } from './arazzo.js';
import { type ClientPackage, packClient } from './client-package.js';
import { addCodeSamples, journeyPrograms } from './code-samples.js';
import { forThePage, type ToolsVersion, writeDownloads } from './downloads.js';
import { withPagePolicy } from './page-policy.js';
import { operationsOf } from './prerender.js';
import { buildReference, bundle } from './redoc.js';
import { copyServerPackages } from './server-packages.js';
import { copyPublished } from './servers.js';
import { addTryit, connectSources } from './tryit.js';

export interface SiteOptions {
  outDir: string;
  /** Folder of the bundled description (openapi.yaml and openapi.json). */
  descriptionDir: string;
  clientExamplesDir: string;
  /** The sandbox control API description; rendered as a second reference when it exists. */
  controlDescription: string;
  /** The sandbox's README, whose hosting guide the hosting page shows as written (one guide, two places). */
  sandboxGuide?: string;
  arazzoDir: string;
  /** The site's root, where the shared assets/ folder lives: outDir itself unless this is a version's copy. */
  siteRoot?: string;
  /** The typed client's package folder: packed into the site with its README, when built. */
  clientDir?: string;
  /** The sandbox's and the mock's build folders (their dist/, with the tarball their build packed). */
  serverDirs?: string[];
  /** Where the samples, commands and Postman environments point: hosted addresses, or the local defaults. */
  addresses?: Addresses;
  /** The client already packed (the versioned build packs it once for every version). */
  clientPackage?: ClientPackage;
  /** The conformance suite's package folder: packed into the site, when built. */
  conformanceDir?: string;
  /** The suite already packed (once for every version, as the client). */
  conformancePackage?: ClientPackage;
  /** The tools' version, when a release's site offers packages made from another description. */
  tools?: ToolsVersion;
  log?: (line: string) => void;
}

export interface SiteSummary {
  version: string;
  operations: number;
  assumptions: number;
  clientExamples: string[];
  control: boolean;
  arazzo: string[];
  /** The client tarball in the site, when there is one. */
  client?: string;
  /** The sandbox's and the mock's tarballs in the site. */
  servers: string[];
  /** The conformance suite's tarball in the site, when there is one. */
  conformance?: string;
  /** What the OpenAPI 3.0 conversion changed: each kind, with its count. */
  conversion: string[];
}

/** Builds the whole static site into one folder, publishable as it is on any static host. */
export async function buildSite(options: SiteOptions): Promise<SiteSummary> {
  const { outDir, descriptionDir, log = () => {} } = options;
  const addresses = options.addresses ?? siteAddresses();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // The downloads carry the contact and licence the build was given, the 3.0 files and Postman's from this copy.
  for (const file of ['openapi.yaml', 'openapi.json'])
    copyPublished(join(descriptionDir, file), join(outDir, file), addresses);
  const doc = loadDescription(join(outDir, 'openapi.json'));
  const name = doc.info.title;
  const control = existsSync(options.controlDescription);
  // The CLI passes template options as strings, where "false" is true: only a present flag is set.
  const templateOptions = { name, version: doc.info.version, favicon: FAVICON, ...(control ? { control: true } : {}) };
  const root = options.siteRoot ?? outDir;
  // A module's import needs ./ or ../ in front: a bare `assets/…` would name a package.
  const up = relative(outDir, root)
    .split(sep)
    .filter(Boolean)
    .map(() => '../')
    .join('');
  const assets = { dir: join(root, 'assets'), href: `${up || './'}assets/` };

  // The two references render in processes of their own, side by side.
  const reference = buildReference({
    description: join(outDir, 'openapi.yaml'),
    output: join(outDir, 'reference.html'),
    title: `${name} ${doc.info.version}: reference`,
    templateOptions,
    assets,
    addresses,
  });
  reference.catch(() => {}); // awaited below; a failure of the control's first is the one thrown
  if (control) {
    await bundle(options.controlDescription, join(outDir, 'sandbox-control.yaml'));
    copyPublished(join(outDir, 'sandbox-control.yaml'), join(outDir, 'sandbox-control.yaml'), addresses);
    await buildReference({
      description: join(outDir, 'sandbox-control.yaml'),
      output: join(outDir, 'sandbox-control.html'),
      title: `${name}: sandbox control API`,
      templateOptions,
      assets,
      addresses,
    });
  } else log(`sandbox control API: ${options.controlDescription} not found; its reference page is left out`);
  await reference;

  const arazzo = existsSync(options.arazzoDir)
    ? readdirSync(options.arazzoDir)
        .filter((f) => f.endsWith('.arazzo.yaml'))
        .sort()
    : [];
  if (arazzo.length) mkdirSync(join(outDir, 'arazzo'));
  // The site's own copies of what the workflows refer to, by the source path they replace.
  // The description is the bundle beside the page, whether a workflow names the bundle or the source root.
  const sites: Record<string, string> = {
    [resolve(descriptionDir, 'openapi.yaml')]: '../openapi.yaml',
    [resolve(descriptionDir, '..', 'openapi.yaml')]: '../openapi.yaml',
  };
  if (control) sites[resolve(options.controlDescription)] = '../sandbox-control.yaml';
  for (const file of arazzo) copyWorkflow(join(options.arazzoDir, file), join(outDir, 'arazzo'), sites);
  if (!arazzo.length) log(`Arazzo workflows: none in ${options.arazzoDir}; the page says so`);

  const packed = options.clientPackage ?? (options.clientDir ? await packClient(options.clientDir) : undefined);
  if (!packed) log(`typed client: no built package in ${options.clientDir}; the downloads page says so`);
  const suite =
    options.conformancePackage ?? (options.conformanceDir ? await packClient(options.conformanceDir) : undefined);
  if (options.conformanceDir && !suite)
    log(`conformance suite: no built package in ${options.conformanceDir}; the downloads page says so`);
  const servers = copyServerPackages(options.serverDirs ?? [], outDir);
  if (options.serverDirs && servers.length < options.serverDirs.length)
    log(
      `sandbox and mock packages: ${servers.length} of ${options.serverDirs.length} built; the downloads page says so`,
    );
  const downloads = await writeDownloads({
    outDir,
    doc,
    client: packed,
    clientDir: options.clientDir,
    control,
    servers,
    conformance: suite,
    addresses,
    tools: options.tools,
  });
  if (packed && !options.clientPackage) packed.cleanup();
  if (suite && !options.conformancePackage) suite.cleanup();

  const clientExamples = readClientExamples(options.clientExamplesDir).map((e) => ({
    ...e,
    source: atAddresses(e.source, addresses),
  }));
  if (!clientExamples.length) {
    log(`typed-client examples: none in ${options.clientExamplesDir}; the page shows curl only and says so`);
  }
  // The journeys as programs: they walk the sandbox through its control API, so only where it is.
  const journeyCode = control
    ? await journeyPrograms({ tas: doc, sandbox: parseYaml(readFileSync(options.controlDescription, 'utf8')) })
    : [];
  // The guide's own pages, by file name: a page more is a line more.
  const sandboxDownload = servers.find((s) => s.bin === 'tas-sandbox');
  const sandboxReadme = options.serverDirs
    ?.map((d) => join(d, 'package', 'README.md'))
    .find((f) => sandboxDownload && f.includes('sandbox') && existsSync(f));
  const guide =
    options.sandboxGuide && existsSync(options.sandboxGuide)
      ? forThePage(await marked.parse(hostingSection(readFileSync(options.sandboxGuide, 'utf8'))))
      : undefined;
  const pages: Record<string, string> = {
    [HOSTING.page]: hostingPage({
      doc,
      addresses,
      sandbox: sandboxDownload,
      readme: Boolean(sandboxReadme),
      control,
      guide,
    }),
    ...(sandboxReadme
      ? {
          [HOSTING.readme]: sandboxReadmePage({
            doc,
            html: forThePage(await marked.parse(readFileSync(sandboxReadme, 'utf8'))),
            control,
          }),
        }
      : {}),
    'index.html': guidePage({
      doc,
      clientExamples,
      control,
      arazzo,
      client: downloads.client,
      servers,
      addresses,
      journeyCode,
    }),
    'assumptions.html': assumptionsPage({ doc, control }),
    'errors.html': errorsPage({ doc, control, addresses }),
    ...downloads.pages,
  };
  for (const [file, html] of Object.entries(pages)) writeFileSync(join(outDir, file), markCurrent(html, file));
  // Try it: the panel on the reference's operations and the journeys on the guide, and every page's policy.
  const routes = (d: OpenApiDocument) => Object.fromEntries(operationsOf(d).map((o) => [o.operationId, o.route]));
  const controlDoc = control
    ? (parseYaml(readFileSync(join(outDir, 'sandbox-control.yaml'), 'utf8')) as OpenApiDocument)
    : undefined;
  await addCodeSamples({ outDir, doc, sandbox: addresses.sandbox, routes: routes(doc) });
  await addTryit({
    outDir,
    assets,
    doc,
    addresses,
    routes: routes(doc),
    ...(controlDoc ? { control: { doc: controlDoc, routes: routes(controlDoc) } } : {}),
  });
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.html')))
    writeFileSync(
      join(outDir, file),
      withPagePolicy(readFileSync(join(outDir, file), 'utf8'), connectSources(addresses)),
    );
  return {
    version: doc.info.version,
    operations: listOperations(doc).length,
    assumptions: listAssumptions(doc).length,
    clientExamples: clientExamples.map((e) => e.file),
    control,
    arazzo,
    client: downloads.client?.file,
    servers: servers.map((s) => s.file),
    conformance: suite?.file,
    conversion: downloads.conversion.map((g) => `${g.signature} (${g.nodes.length})`),
  };
}
