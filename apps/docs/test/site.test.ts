import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { packClient } from '../src/builder/client-package.js';
import { SAMPLE_LABELS, SAMPLES_FILE, type Tab } from '../src/builder/code-samples.js';
import { buildSite } from '../src/builder/site.js';
import { placeOf } from '../src/guide/assumptions.js';
import { readGeneratorMatrix } from '../src/guide/generators.js';
import { defaultSiteOptions } from '../src/paths.js';

const doc = loadDescription();
const defaults = defaultSiteOptions();

// The client and the suite packed once for the builds about other inputs (as the versioned build packs
// them once for every version); the build with every default packs its own.
const [clientPackage, conformancePackage] = await Promise.all([
  packClient(defaults.clientDir ?? ''),
  packClient(defaults.conformanceDir ?? ''),
]);
const packed = { clientPackage, conformancePackage };
afterAll(() => {
  for (const p of Object.values(packed)) p?.cleanup();
});

async function build(overrides: Partial<typeof defaults>) {
  const outDir = mkdtempSync(join(tmpdir(), 'tas-docs-'));
  const lines: string[] = [];
  const summary = await buildSite({ ...defaults, ...overrides, outDir, log: (l) => lines.push(l) });
  const page = readFileSync(join(outDir, 'index.html'), 'utf8');
  return { outDir, lines, summary, page };
}

// The site as built with every default, read by several tests (none writes to it): built once.
let defaultBuild: ReturnType<typeof build> | undefined;
const builtWithDefaults = () => {
  defaultBuild ??= build({});
  return defaultBuild;
};

describe('the built site', () => {
  it('works without client examples, control API or workflows, and says so', async () => {
    const none = join(tmpdir(), 'tas-docs-nothing-here');
    const { lines, summary, page, outDir } = await build({
      ...packed,
      clientExamplesDir: none,
      controlDescription: join(none, 'control.openapi.yaml'),
      arazzoDir: none,
    });
    expect(lines.join('\n')).toMatch(/typed-client examples: none in/);
    expect(lines.join('\n')).toMatch(/sandbox control API: .* not found/);
    expect(summary).toMatchObject({ clientExamples: [], control: false, arazzo: [] });
    expect(page).toContain('typed-client examples were not available');
    expect(page).not.toContain('sandbox-control.html');
    expect(readFileSync(join(outDir, 'reference.html'), 'utf8').includes('sandbox-control.html')).toBe(false);
  });

  it('picks up client examples, the control API and workflows once they exist', async () => {
    const inputs = mkdtempSync(join(tmpdir(), 'tas-docs-in-'));
    mkdirSync(join(inputs, 'examples'));
    writeFileSync(join(inputs, 'examples', 'first-call.ts'), "// A first call\nconst answer = '<ok>';\n");
    mkdirSync(join(inputs, 'arazzo'));
    writeFileSync(join(inputs, 'arazzo', 'journeys.arazzo.yaml'), 'arazzo: 1.0.1\n');
    const { summary, page, outDir } = await build({
      ...packed,
      clientExamplesDir: join(inputs, 'examples'),
      arazzoDir: join(inputs, 'arazzo'),
    });
    expect(summary).toMatchObject({ clientExamples: ['first-call.ts'], arazzo: ['journeys.arazzo.yaml'] });
    expect(page).toContain('const answer = &#39;&lt;ok&gt;&#39;;');
    expect(page).toContain('href="arazzo/journeys.arazzo.yaml"');
    expect(readFileSync(join(outDir, 'arazzo', 'journeys.arazzo.yaml'), 'utf8')).toBe('arazzo: 1.0.1\n');
    if (summary.control)
      expect(readFileSync(join(outDir, 'sandbox-control.html'), 'utf8')).toContain('__redoc_definition');
  });

  it('is one folder with relative links only, the description beside the page and its version shown', async () => {
    const { outDir, page } = await builtWithDefaults();
    // The bundle as it is, but for the contact and licence the build was given (none here: the
    // description's placeholder support address and LicenseRef identifier are left out).
    const bundled = JSON.parse(readFileSync(join(defaults.descriptionDir, 'openapi.json'), 'utf8'));
    const { contact: _, license, ...info } = bundled.info;
    expect(JSON.parse(readFileSync(join(outDir, 'openapi.json'), 'utf8'))).toEqual({
      ...bundled,
      info: { ...info, license: { name: license.name } },
    });
    const links = [...page.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    // Relative links only; the inline icon (data:) fetches nothing.
    expect(links.filter((l) => /^(\/|(?!data:)[a-z]+:)/i.test(l ?? ''))).toEqual([]);
    expect(page).toContain(`data-version>${doc.info.version}<`);
    // Every page names its icon inline: no request for /favicon.ico.
    for (const file of ['index.html', 'assumptions.html', 'reference.html'])
      expect(readFileSync(join(outDir, file), 'utf8')).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    for (const op of listOperations(doc)) expect(page).toContain(`reference.html#operation/${op.operationId}`);
    // Every operation's samples sit beside the reference, for its tabs to fetch; the page itself carries
    // none (a first visit loads no sample), nor does the download.
    const reference = readFileSync(join(outDir, 'reference.html'), 'utf8');
    const tabs = JSON.parse(readFileSync(join(outDir, SAMPLES_FILE), 'utf8')) as Record<string, Tab[]>;
    for (const op of listOperations(doc)) {
      expect(
        tabs[op.operationId]?.map((t) => t.label),
        op.operationId,
      ).toEqual(SAMPLE_LABELS);
      expect(reference).not.toContain(`${op.summary}. Needs BASE_URL`);
    }
    expect(reference).toContain(`"${SAMPLES_FILE}"`);
    expect(readFileSync(join(outDir, 'openapi.yaml'), 'utf8')).not.toMatch(/x-codeSamples|Needs BASE_URL/);
  });

  it('lists every assumption of the description on its own page, as text with its place in small print', async () => {
    const { page, outDir } = await builtWithDefaults();
    const assumptions = listAssumptions(doc);
    const text = readFileSync(join(outDir, 'assumptions.html'), 'utf8');
    expect(text.match(/<li><span class="reason">/g)).toHaveLength(assumptions.length);
    // Markdown rendered: no backtick is left in the text, code spans became <code>.
    const reasons = [...text.matchAll(/<span class="reason">([\s\S]*?)<\/span><span class="where"/g)].map((m) => m[1]);
    expect(reasons.filter((r) => r?.includes('`'))).toEqual([]);
    expect(reasons.some((r) => r?.includes('<code>'))).toBe(true);
    // The place is small print, never a JSON pointer in the text itself.
    expect(reasons.filter((r) => /#?\/(paths|components)\//.test(r ?? ''))).toEqual([]);
    for (const a of assumptions) expect(text).toContain(`title="${a.pointer.replace(/&/g, '&amp;')}"`);
    // The getting-started page keeps its #assumptions anchor and sends the reader there.
    expect(page).toMatch(/id="assumptions"[\s\S]*href="assumptions.html"/);
  });
});

describe("the downloads page: a partner's whole kit", () => {
  it('carries the client tarball with its SHA-256, its README, the 3.0 files and the Postman files', async () => {
    const { outDir, page, summary } = await builtWithDefaults();
    const downloads = readFileSync(join(outDir, 'downloads.html'), 'utf8');
    const client = JSON.parse(readFileSync(join(defaults.clientDir ?? '', 'package.json'), 'utf8'));
    const file = `tas-client-${client.version}.tgz`;
    expect(summary.client).toBe(file);
    const sha = createHash('sha256')
      .update(readFileSync(join(outDir, file)))
      .digest('hex');
    expect(downloads).toContain(`<code class="sha256">${sha}</code>`);
    expect(downloads).toContain(`npm install ./${file}`);
    // The release packs the same folder the same way: npm pack is reproducible, so its tarball is this one.
    const again = mkdtempSync(join(tmpdir(), 'tas-docs-pack-'));
    execFileSync('npm', ['pack', '--silent', '--pack-destination', again], {
      cwd: defaults.clientDir,
      stdio: 'ignore',
    });
    expect(
      createHash('sha256')
        .update(readFileSync(join(again, file)))
        .digest('hex'),
    ).toBe(sha);
    expect(downloads).toMatch(/npm install @tas\/client<\/code>[^<]*<strong>not on the npm registry yet/);
    // The README as it ships, and rendered with its sections in the table of contents.
    const readme = readFileSync(join(defaults.clientDir ?? '', 'README.md'), 'utf8');
    expect(readFileSync(join(outDir, 'client-README.md'), 'utf8')).toBe(readme);
    const clientPage = readFileSync(join(outDir, 'client.html'), 'utf8');
    expect(clientPage).toMatch(/<h2 id="install">Install<\/h2>/);
    expect(clientPage).toContain('href="#install"');
    // Every file the page links to is in the site.
    const links = [...downloads.matchAll(/href="([^"#]+)"/g)].map((m) => m[1] ?? '');
    for (const link of links.filter((l) => !l.startsWith('data:')))
      expect(existsSync(join(outDir, link)), link).toBe(true);
    for (const want of ['openapi-3.0.yaml', 'openapi-3.0.json', 'tas-api.postman_collection.json'])
      expect(links).toContain(want);
    expect(JSON.parse(readFileSync(join(outDir, 'openapi-3.0.json'), 'utf8')).openapi).toBe('3.0.3');
    expect(summary.conversion.length).toBeGreaterThan(0);
    // The generators a test proves: the table of apps/generators/matrix.json, one row per generator.
    const matrix = readGeneratorMatrix();
    expect(downloads).toContain('<h2 id="generators">Code generators</h2>');
    for (const row of Object.values(matrix?.runs ?? {})[0] ?? [])
      expect(downloads).toContain(
        `<tr><td data-label="Generator"><code>${row.generator}</code></td><td data-label="Installed">Pinned: ${row.generator} ${row.version}`,
      );
    // The getting-started page says how to get the client, where its examples are.
    expect(page).toMatch(/id="client"[\s\S]*not on the npm registry yet[\s\S]*href="downloads.html#client"/);
  });
});

describe('placeOf names an assumption readably', () => {
  it.each([
    ['/paths/~1record~1/get', 'GET /record/'],
    ['/paths/~1record~1{token}~1/get/responses/400', 'GET /record/{token}/ → 400'],
    ['/components/schemas/TestId', 'schema TestId'],
    ['/components/schemas/Profile/properties/external_id', 'schema Profile: external_id'],
  ])('%s → %s', (pointer, want) => {
    expect(placeOf(pointer)).toBe(want);
  });
});

describe('the published workflows', () => {
  it('name source descriptions that exist inside the site, not in the repository', async () => {
    const { outDir, summary } = await builtWithDefaults();
    expect(summary.arazzo.length).toBeGreaterThan(0);
    for (const file of summary.arazzo) {
      const text = readFileSync(join(outDir, 'arazzo', file), 'utf8');
      const urls = [...text.matchAll(/^\s+url:\s*(\S+)\s*$/gm)].map((m) => m[1] ?? '');
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(existsSync(join(outDir, 'arazzo', url)), `${file}: ${url}`).toBe(true);
    }
  });
});
