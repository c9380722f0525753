import { launchChromium } from '@tas/browser';
import { listAssumptions, loadDescription } from '@tas/openapi';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../src/options.js';
import { registry } from '../src/registry.js';
import { toHtml } from '../src/report/html.js';
import { statementsOf } from '../src/statements/table.js';

// The HTML report as a QA engineer opens it on a phone: nothing runs off the side of the page.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const LONG = `http://deployment.example/api/v2/record/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/auth/?${'x'.repeat(300)}`;
const run: RunResult = {
  baseUrl: 'http://deployment.example',
  target: 'live',
  strict: false,
  startedAt: '2026-11-24T00:00:00.000Z',
  durationMs: 1000,
  requests: 1,
  waitMs: 0,
  results: [
    {
      id: 'record-auth',
      title: 'record auth',
      statement: 's',
      kind: 'journey',
      outcome: 'fail',
      requests: 1,
      durationMs: 1,
      waitMs: 0,
      findings: [
        {
          rule: 'record-auth',
          statement: `"${'a long quote of the interface '.repeat(8)}"`,
          message: `auth_required stays true: ${'y'.repeat(200)}`,
          assumed: false,
          exchange: {
            request: { method: 'POST', url: LONG, key: 'main', headers: {}, body: '{}' },
            response: { status: 200, headers: {}, text: '{}', json: {} },
          },
        },
      ],
    },
  ],
  summary: { pass: 0, fail: 1, warn: 0, skip: 0 },
  findings: { stated: 1, assumed: 0 },
  created: [],
  seed: 1,
  negative: { budget: 0, constraints: 0 },
  conforms: false,
};

describe('the HTML report', () => {
  it.each([
    [390, 844],
    [1366, 768],
  ])('fits %ix%i: no horizontal overflow, the repro wraps inside its box', async (width, height) => {
    const page = await browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(READY_LIMIT_MS);
    try {
      await page.setContent(
        toHtml(run, statementsOf(registry(loadDescription(), listAssumptions(loadDescription())).claims)),
      );
      const sizes = await page.evaluate(() => {
        const pre = document.querySelector('pre') as HTMLElement;
        return {
          page: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
          pre: [pre.scrollWidth, pre.clientWidth],
        };
      });
      expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
      expect(sizes.pre[0]).toBeLessThanOrEqual(sizes.pre[1] as number);
      expect(await page.getByText('The target departs from the contract').isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
