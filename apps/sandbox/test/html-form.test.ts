// The HTML questionnaire, as a participant meets it: the sandbox's HTML embedded in an iframe of a
// partner's page, in Chromium; filled in, submitted, and the record finished. The page learns it
// by postMessage and confirms with GET /record/{token}/, as the docs guide says.
import { launchChromium } from '@tas/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adult, type Client, INSTANT_KEY, MOBILE, start } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof start>>;
let browser: Browser;
beforeAll(async () => {
  sandbox = await start();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** A ready raven-html record, authenticated: its token and its questionnaire's HTML. */
async function htmlRecord(c: Client): Promise<{ token: string; html: string }> {
  const token = await c.record('raven-html');
  expect((await c.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: adult })).status).toBe(200);
  const questions = await c.get(`/api/v2/record/${token}/questions/`);
  expect(questions.status).toBe(200);
  return { token, html: questions.body.data.html };
}

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });

describe('the HTML questionnaire in the sandbox', () => {
  it('is a form with a required input group per item and an action at the sandbox', async () => {
    const { token, html } = await htmlRecord(sandbox.as(INSTANT_KEY));
    const page = await browser.newPage();
    await page.setContent(html);
    const form = await page.locator('form#tas-form').evaluate((f: HTMLFormElement) => ({
      action: f.action,
      method: f.method,
      groups: new Set([...f.querySelectorAll('input[type=radio]')].map((i) => (i as HTMLInputElement).name)).size,
      required: [...f.querySelectorAll('input[type=radio]')].every((i) => (i as HTMLInputElement).required),
    }));
    await page.close();
    expect(form).toEqual({ action: `${sandbox.url}/forms/${token}/`, method: 'post', groups: 12, required: true });
  });

  it('filled in inside an iframe and submitted, finishes the record and tells the page that embeds it', async () => {
    const c = sandbox.as(INSTANT_KEY);
    const { token, html } = await htmlRecord(c);
    const page = await browser.newPage();
    // The partner's page: the form in an iframe, and a listener for the form's message.
    await page.setContent('<iframe id="tas" style="width:100%;height:900px"></iframe>');
    await page.evaluate((srcdoc) => {
      const w = window as unknown as { finished: Promise<unknown> };
      w.finished = new Promise((resolve) => window.addEventListener('message', (e) => resolve(e.data)));
      (document.getElementById('tas') as HTMLIFrameElement).srcdoc = srcdoc;
    }, html);
    const form = page.frameLocator('#tas');
    // A submit with nothing chosen stays on the form: every item is required.
    await form.getByRole('button').click();
    expect(await form.locator('form#tas-form').count()).toBe(1);
    for (let i = 1; i <= 12; i++) await form.locator(`input[name="a${i}"][value="${((i * 5) % 6) + 1}"]`).check();
    await form.getByRole('button').click();
    const message = await page.evaluate(() => (window as unknown as { finished: Promise<unknown> }).finished);
    expect(message).toEqual({ type: 'tas:record-finished', token });
    await expect.poll(() => form.locator('#tas-finished').count()).toBe(1);
    await page.close();

    const record = await c.get(`/api/v2/record/${token}/`);
    expect(record.body.data).toMatchObject({ status: 1, is_finished: true });
    expect((await c.get(`/api/v2/record/${token}/result/`)).status).toBe(200);
  });

  it.each([
    ['an answer missing', (a: string) => a.replace(/&a12=\d/, ''), 400, 'invalid_answers'],
    ['an answer out of range', (a: string) => a.replace(/a12=\d/, 'a12=9'), 400, 'invalid_answers'],
  ])('%s is refused with a page that says so, and the record stays open', async (_, edit, status, code) => {
    const c = sandbox.as(INSTANT_KEY);
    const { token } = await htmlRecord(c);
    const answers = Array.from({ length: 12 }, (_, i) => `a${i + 1}=1`).join('&');
    const res = await post(`${sandbox.url}/forms/${token}/`, edit(answers));
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(`data-code="${code}"`);
    expect((await c.get(`/api/v2/record/${token}/`)).body.data.is_finished).toBe(false);
  });

  it('a second submission answers 409, an unknown token 404, a GET 405', async () => {
    const c = sandbox.as(INSTANT_KEY);
    const { token } = await htmlRecord(c);
    const answers = Array.from({ length: 12 }, (_, i) => `a${i + 1}=2`).join('&');
    expect((await post(`${sandbox.url}/forms/${token}/`, answers)).status).toBe(200);
    expect((await post(`${sandbox.url}/forms/${token}/`, answers)).status).toBe(409);
    expect((await post(`${sandbox.url}/forms/${crypto.randomUUID()}/`, answers)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/forms/${token}/`)).status).toBe(405);
  });
});

describe('odd requests to the form address', () => {
  it.each(['/forms/%ZZ/', '/forms/', '/forms/x', `/forms/${'a'.repeat(5000)}/`])(
    '%s answers a 4xx page',
    async (path) => {
      const res = await fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a1=1',
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    },
  );
});
