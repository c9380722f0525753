import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDescription } from '@tas/openapi';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples } from '../src/builder/code-samples.js';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { openOfflineBrowser } from './offline-browser.js';
import { plainStaticServer } from './static-server.js';

// What a person sees in the reference's sample panel: both samples of every operation, chosen by
// the panel's own language menu, whole inside the panel, with the copy button off the code.
const samples = codeSamples(loadDescription());
const [first] = samples;
if (!first) throw new Error('no code samples: src/samples/calls.ts names no operation');
const firstLine = (source: string) => source.split('\n')[0] ?? source;
let server: Awaited<ReturnType<typeof plainStaticServer>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // turbo builds dist/ before tests (as browser.test.ts reads it); a bare `vitest run` builds a site of its own.
  let dir = defaultSiteOptions().outDir;
  if (!existsSync(join(dir, 'reference.html'))) {
    dir = mkdtempSync(join(tmpdir(), 'tas-docs-samples-'));
    await buildSite({ ...defaultSiteOptions(), outDir: dir });
  }
  server = await plainStaticServer(dir);
  ({ browser } = await openOfflineBrowser());
}, TEST_LIMIT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The visible sample block whose text starts with `line`, after scrolling to it. */
async function sampleBlock(line: string) {
  const pre = page.locator('pre[data-component-name="CodeBlock/CodeBlockContainer"]', { hasText: line }).first();
  await pre.scrollIntoViewIfNeeded();
  await expect.poll(() => pre.isVisible()).toBe(true);
  return pre;
}

/** The sample's box: is its text inside it (no cut line), and does a control overlap a line of code? */
function layout(pre: Awaited<ReturnType<typeof sampleBlock>>) {
  return pre.evaluate((el) => {
    const block = el.parentElement as HTMLElement;
    const controls = [...block.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
    const lines = [...el.querySelectorAll('.line, code')].flatMap((l) => [...l.getClientRects()]);
    const covered = lines.some((l) =>
      controls.some((c) => c.left < l.right && l.left < c.right && c.top < l.bottom && l.top < c.bottom),
    );
    return { cut: el.scrollWidth > el.clientWidth + 1, covered };
  });
}

describe.each([
  ['phone', 390, 844],
  ['laptop', 1366, 768],
])('the reference on a %s', (_name, width, height) => {
  it(
    'shows curl and, chosen from the language menu, the typed client, for every operation, whole and uncovered',
    async () => {
      // A first visit at this width, in a context of its own: Redoc remembers the chosen language.
      page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await page.goto(`${server.url}/reference.html#operation/${first.operationId}`);
      // The menu's choice holds for every operation: pick it once, as a person does.
      const curl = await sampleBlock(firstLine(first.curl));
      expect(await layout(curl)).toEqual({ cut: false, covered: false });
      await page
        .locator('button', { hasText: /^curl$/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Typed client' }).first().click();
      for (const sample of samples) {
        // Redoc draws the operation a link leads to (a hash change, as a click in the sidebar).
        await page.goto(`${server.url}/reference.html#operation/${sample.operationId}`);
        const block = await sampleBlock(firstLine(sample.client));
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a person sees, the point of this test.
        const text = await block.innerText();
        expect(text, sample.operationId).toContain(`'${sample.operationId}'`);
        expect(text).toContain('createClient');
        expect(await layout(block), sample.operationId).toEqual({ cut: false, covered: false });
      }
    },
    TEST_LIMIT_MS,
  );
});
