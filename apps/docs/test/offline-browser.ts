import { launchChromium } from '@tas/browser';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';

export interface OfflineBrowser {
  browser: Browser;
  page: Page;
  /** Requests that tried to leave localhost (refused). */
  left: string[];
  /** Console errors, uncaught page errors and failed local requests. */
  errors: string[];
}

/** A page whose network is cut off: everything outside localhost is refused, and noted. */
export async function openOfflineBrowser(): Promise<OfflineBrowser> {
  const browser = await launchChromium();
  const context = await browser.newContext();
  // Playwright's 30 s default is a fixed window that a loaded machine overruns.
  context.setDefaultTimeout(READY_LIMIT_MS);
  const left: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(url.hostname)) return route.continue();
    left.push(url.href);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.url()} answered ${r.status()}`);
  });
  return { browser, page, left, errors };
}
