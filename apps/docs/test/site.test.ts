import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../src/build/site.js';
import { placeOf } from '../src/guide/assumptions.js';
import { defaultSiteOptions } from '../src/paths.js';

const doc = loadDescription();
const defaults = defaultSiteOptions();

async function build(overrides: Partial<typeof defaults>) {
  const outDir = mkdtempSync(join(tmpdir(), 'tas-docs-'));
  const lines: string[] = [];
  const summary = await buildSite({ ...defaults, ...overrides, outDir, log: (l) => lines.push(l) });
  const page = readFileSync(join(outDir, 'index.html'), 'utf8');
  return { outDir, lines, summary, page };
}

describe('the built site', () => {
  it('works without client examples, control API or workflows, and says so', async () => {
    const none = join(tmpdir(), 'tas-docs-nothing-here');
    const { lines, summary, page, outDir } = await build({
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
  }, 60_000);

  it('picks up client examples, the control API and workflows once they exist', async () => {
    const inputs = mkdtempSync(join(tmpdir(), 'tas-docs-in-'));
    mkdirSync(join(inputs, 'examples'));
    writeFileSync(join(inputs, 'examples', 'first-call.ts'), "// A first call\nconst answer = '<ok>';\n");
    mkdirSync(join(inputs, 'arazzo'));
    writeFileSync(join(inputs, 'arazzo', 'journeys.arazzo.yaml'), 'arazzo: 1.0.1\n');
    const { summary, page, outDir } = await build({
      clientExamplesDir: join(inputs, 'examples'),
      arazzoDir: join(inputs, 'arazzo'),
    });
    expect(summary).toMatchObject({ clientExamples: ['first-call.ts'], arazzo: ['journeys.arazzo.yaml'] });
    expect(page).toContain('const answer = &#39;&lt;ok&gt;&#39;;');
    expect(page).toContain('href="arazzo/journeys.arazzo.yaml"');
    expect(readFileSync(join(outDir, 'arazzo', 'journeys.arazzo.yaml'), 'utf8')).toBe('arazzo: 1.0.1\n');
    if (summary.control)
      expect(readFileSync(join(outDir, 'sandbox-control.html'), 'utf8')).toContain('__redoc_definition');
  }, 60_000);

  it('is one folder with relative links only, the description beside the page and its version shown', async () => {
    const { outDir, page } = await build({});
    expect(readFileSync(join(outDir, 'openapi.json'), 'utf8')).toBe(
      readFileSync(join(defaults.descriptionDir, 'openapi.json'), 'utf8'),
    );
    const links = [...page.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    expect(links.filter((l) => /^(\/|[a-z]+:)/i.test(l ?? ''))).toEqual([]);
    expect(page).toContain(`data-version>${doc.info.version}<`);
    for (const op of listOperations(doc)) expect(page).toContain(`reference.html#operation/${op.operationId}`);
  }, 60_000);

  it('derives the assumptions table from the description markers', async () => {
    const { page } = await build({});
    const assumptions = listAssumptions(doc);
    const section = page.slice(page.indexOf('id="assumptions"'), page.indexOf('id="downloads"'));
    expect(section.match(/<tr><td>/g)).toHaveLength(assumptions.length);
    for (const a of assumptions)
      expect(section).toContain(`<code class="pointer">${a.pointer.replace(/&/g, '&amp;')}</code>`);
  }, 60_000);
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
    const { outDir, summary } = await build({});
    expect(summary.arazzo.length).toBeGreaterThan(0);
    for (const file of summary.arazzo) {
      const text = readFileSync(join(outDir, 'arazzo', file), 'utf8');
      const urls = [...text.matchAll(/^\s+url:\s*(\S+)\s*$/gm)].map((m) => m[1] ?? '');
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(existsSync(join(outDir, 'arazzo', url)), `${file}: ${url}`).toBe(true);
    }
  }, 60_000);
});
