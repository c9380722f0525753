import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, loadDescription } from '@tas/openapi';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_LABELS, SAMPLES_FILE, type Tab } from '../src/builder/code-samples.js';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { openOfflineBrowser } from './offline-browser.js';
import { plainStaticServer } from './static-server.js';

// What a person sees of the reference's samples: a row of language tabs on every operation, nothing
// fetched until one is opened, then the chosen language on every operation, whole inside its panel,
// its copy button off the code. (The samples themselves are run by code-samples.test.ts.)
let dir = defaultSiteOptions().outDir;
let tabs: Record<string, Tab[]>;
let server: Awaited<ReturnType<typeof plainStaticServer>>;
let browser: Browser;

beforeAll(async () => {
  // turbo builds dist/ before tests (as browser.test.ts reads it); a bare `vitest run` builds a site of its own.
  if (!existsSync(join(dir, SAMPLES_FILE))) {
    dir = mkdtempSync(join(tmpdir(), 'tas-docs-samples-'));
    await buildSite({ ...defaultSiteOptions(), outDir: dir });
  }
  tabs = JSON.parse(readFileSync(join(dir, SAMPLES_FILE), 'utf8'));
  server = await plainStaticServer(dir);
  ({ browser } = await openOfflineBrowser());
}, TEST_LIMIT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Is the sample's text inside its box (no cut line), and does a control overlap a line of code? */
function layout(block: Locator) {
  return block.evaluate((el) => {
    const pre = el.querySelector('pre') as HTMLElement;
    const controls = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
    const lines = [...pre.querySelectorAll('.line')].flatMap((l) => [...l.getClientRects()]);
    const covered = lines.some((l) =>
      controls.some((c) => c.left < l.right && l.left < c.right && c.top < l.bottom && l.top < c.bottom),
    );
    const panel = el.closest('[data-testid="right-panel"]')?.getBoundingClientRect();
    const box = pre.getBoundingClientRect();
    const inside = Boolean(panel && box.left >= panel.left - 1 && box.right <= panel.right + 1);
    return { cut: pre.scrollWidth > pre.clientWidth + 1, covered, inside };
  });
}

async function open(width: number, height: number): Promise<{ page: Page; fetched: () => number }> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  let fetched = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(SAMPLES_FILE)) fetched++;
  });
  const [first] = listOperations(loadDescription()).map((o) => o.operationId);
  await page.goto(`${server.url}/reference.html#operation/${first}`);
  await page.locator(`[data-samples="${first}"] [role="tab"]`).first().waitFor();
  return { page, fetched: () => fetched };
}

describe.each([
  ['phone', 390, 844],
  ['laptop', 1366, 768],
])('the reference on a %s', (_name, width, height) => {
  it(
    'shows every language as a tab on every operation; one opened shows on all, whole and uncovered',
    async () => {
      const { page, fetched } = await open(width, height);
      // Every operation of the description, whatever the samples file holds.
      const ids = listOperations(loadDescription()).map((o) => o.operationId);
      const [first] = ids as [string];
      const labels = (id: string) => page.locator(`[data-samples="${id}"] [role="tab"]`).allInnerTexts();
      /** The sample a block shows, as [its language, its text], once shown. */
      const shows = async (id: string, label: string) => {
        const block = page.locator(`[data-samples="${id}"]`);
        const want = tabs[id]?.find((t) => t.label === label)?.source.trimEnd();
        const shown = async () => [
          await block.locator('pre').getAttribute('data-lang'),
          (await block.locator('pre').textContent())?.trimEnd(),
        ];
        await expect.poll(shown, { message: `${id} ${label}` }).toEqual([label, want]);
        await block.scrollIntoViewIfNeeded();
        expect(await layout(block), `${id} ${label}`).toEqual({ cut: false, covered: false, inside: true });
      };
      expect(await labels(first)).toEqual(SAMPLE_LABELS);
      // Nothing of the samples is loaded before a person opens a tab.
      expect(fetched()).toBe(0);
      for (const label of [...SAMPLE_LABELS.filter((l) => l !== 'TypeScript'), 'TypeScript']) {
        const tab = page.locator(`[data-samples="${first}"] [role="tab"]`, { hasText: new RegExp(`^${label}$`) });
        await tab.scrollIntoViewIfNeeded();
        await tab.click();
        // The page's own click handler marks the tab (and marks it again on a block Redoc draws anew): waited for.
        await expect.poll(() => tab.getAttribute('aria-selected'), { message: label }).toBe('true');
        await shows(first, label);
      }
      // Redoc draws one operation at a time: the language last opened (the typed client) holds for every
      // operation a link leads to, each with its own sample.
      for (const id of ids.slice(1)) {
        await page.goto(`${server.url}/reference.html#operation/${id}`);
        await page.locator(`[data-samples="${id}"] [role="tab"]`).first().waitFor();
        expect(await labels(id), id).toEqual(SAMPLE_LABELS);
        await shows(id, 'TypeScript');
      }
      expect(fetched()).toBe(1);
      await page.screenshot({
        path: fileURLToPath(new URL(`../test-artifacts/samples-${width}.png`, import.meta.url)),
      });
      await page.context().close();
    },
    TEST_LIMIT_MS,
  );
});
