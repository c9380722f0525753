import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operationsOf } from '../src/builder/prerender.js';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';
import { openOfflineBrowser } from './offline-browser.js';

// Every operation opened by each form of link a partner may hold, watching the page from its first
// byte: Redoc 3 knows only its own `#/<tag>/<operation>`, and showed its 404 page for the others.
const options = defaultSiteOptions();
let server: Awaited<ReturnType<typeof serveDocs>>;
let browser: Browser;
let page: Page;
let left: string[];
let errors: string[];

beforeAll(async () => {
  if (!existsSync(join(options.outDir, 'assumptions.html'))) await buildSite(options);
  server = await serveDocs({ dir: options.outDir, port: 0 });
  ({ browser, page, left, errors } = await openOfflineBrowser());
  // Records every 404 page Redoc draws, however briefly, and when the operation was first readable.
  await page.addInitScript(() => {
    const w = window as unknown as { __notFound: string[] };
    w.__notFound = [];
    new MutationObserver(() => {
      const text = document.body?.textContent ?? '';
      if (document.querySelector('.not-found-page') || /No page at this address/.test(text))
        w.__notFound.push(`${location.hash}: ${text.slice(0, 80)}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pagesOf = (file: string, description: string) => {
  const path = join(options.outDir, description);
  if (!existsSync(path)) return [];
  return operationsOf(parse(readFileSync(path, 'utf8'))).map((op) => ({ file, ...op }));
};
const OPERATIONS = [
  ...pagesOf('reference.html', 'openapi.yaml'),
  ...pagesOf('sandbox-control.html', 'sandbox-control.yaml'),
];
const FORMS = [
  ['#operation/<id>', (op: (typeof OPERATIONS)[number]) => `#operation/${op.operationId}`],
  ["Redoc's own #/<tag>/<operation>", (op: (typeof OPERATIONS)[number]) => `#${op.route}`],
  [
    "Redoc 2's #tag/<tag>/operation/<id>",
    (op: (typeof OPERATIONS)[number]) => `#tag/${op.tag}/operation/${op.operationId}`,
  ],
] as const;

/** A heading by its text; Redoc's own carries a "link to …" label before it. */
const named = (summary: string) => new RegExp(`(^|\\s)${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

// Each operation of the reference by our form; Redoc's own and Redoc 2's form for every fourth, and
// the control API's operations by our form, to keep the run within a few minutes on a busy machine.
// Our form proves Redoc's for the rest: the page rewrites it into Redoc's route before anything else
// runs (prerender.ts's deepLinkScript), so Redoc, the plain copy and the scroll see Redoc's own link,
// and an operation Redoc could not open by its route fails by ours.
const CASES = OPERATIONS.flatMap((op, i) =>
  FORMS.filter((_, f) => (op.file === 'reference.html' ? f === 0 || i % 4 === 0 : f === 0)).map(
    ([form, link]) => [`${op.file}${link(op)}`, form, op] as const,
  ),
);

describe('deep links to operations, offline in Chromium', () => {
  it('has operations to open', () => {
    expect(OPERATIONS.filter((o) => o.file === 'reference.html').length).toBeGreaterThan(5);
  });

  it.each(process.env.DEEP_LINKS_ONLY ? CASES.filter(([u]) => u.includes(process.env.DEEP_LINKS_ONLY ?? '')) : CASES)(
    '%s (%s) lands on the operation, with no 404 page on the way',
    async (url, _form, op) => {
      await page.goto('about:blank');
      await page.goto(`${server.url}/${url}`, { waitUntil: 'domcontentloaded' });
      // Readable before Redoc has run: the operation's heading is on screen from the HTML alone…
      const heading = page.getByRole('heading', { name: named(op.summary) }).first();
      await expect.poll(() => heading.isVisible(), { timeout: READY_LIMIT_MS }).toBe(true);
      // …then Redoc draws its own section for it, at Redoc's own address, in view; the plain copy is gone.
      const section = page.locator(`#redoc [data-section-id="${op.route}"]`);
      await section.waitFor({ timeout: READY_LIMIT_MS });
      await expect.poll(() => page.locator('#tas-prerender').count(), { timeout: READY_LIMIT_MS }).toBe(0);
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${op.route}`);
      await expect
        .poll(
          () =>
            section
              .getByRole('heading', { name: named(op.summary) })
              .first()
              .isVisible(),
          {
            timeout: READY_LIMIT_MS,
          },
        )
        .toBe(true);
      // Redoc scrolls after it has drawn: on a loaded machine that comes later, so wait for it.
      const inView = async () => {
        const box = await section.boundingBox();
        const viewport = page.viewportSize();
        return Boolean(box && viewport && box.y < viewport.height && box.y + box.height > 0);
      };
      await expect.poll(inView, { message: 'in view', timeout: READY_LIMIT_MS }).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __notFound: string[] }).__notFound)).toEqual([]);
    },
  );

  it('takes a link to an operation the page does not have to the top, not to a 404 page', async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}/reference.html#operation/noSuchOperation`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('#tas-prerender').count(), { timeout: READY_LIMIT_MS }).toBe(0);
    expect(['', '#/']).toContain(new URL(page.url()).hash);
    expect(await page.evaluate(() => (window as unknown as { __notFound: string[] }).__notFound)).toEqual([]);
  });

  it('sent no request outside localhost and logged no console error', () => {
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
