import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READY_LIMIT_MS, TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';
import { openOfflineBrowser } from './offline-browser.js';

// The docs server's live mode (npm start, npm run docs): an open page, in Chromium, reloads when the
// site is rebuilt, under the page's own strict policy (no violation, nothing refused).
let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof serveDocs>> | undefined;
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it(
  'an open page reloads when the live server says the site was rebuilt, with no policy violation',
  async () => {
    const options = defaultSiteOptions();
    const dir = existsSync(join(options.outDir, 'index.html'))
      ? options.outDir
      : join(mkdtempSync(join(tmpdir(), 'tas-live-site-')), 'dist');
    if (dir !== options.outDir) await buildSite({ ...options, outDir: dir });
    server = await serveDocs({ dir, port: 0, live: true });
    const opened = await openOfflineBrowser();
    browser = opened.browser;
    const { page, errors } = opened;
    for (const file of ['index.html', 'reference.html']) {
      await page.goto(`${server.url}/${file}`);
      const loads: number[] = [];
      page.on('load', () => loads.push(Date.now()));
      // Told once its event stream is open (until then no page is listening, and none is told).
      await expect.poll(() => server?.reload(), { timeout: READY_LIMIT_MS }).toBeGreaterThan(0);
      await expect.poll(() => loads.length, { timeout: READY_LIMIT_MS }).toBeGreaterThan(0);
      page.removeAllListeners('load');
    }
    expect(errors).toEqual([]);
  },
  TEST_LIMIT_MS,
);
