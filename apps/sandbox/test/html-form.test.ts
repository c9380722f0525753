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
/** The secret the questionnaire's form carries, as its hidden field (the browser posts it so). */
const secretOf = (html: string) => `tas_form_secret=${/name="tas_form_secret" value="([^"]+)"/.exec(html)?.[1]}`;
const ANSWERS = (n: number) => Array.from({ length: 12 }, (_, i) => `a${i + 1}=${n}`).join('&');

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
    // The partner's page, on an origin of this machine (a local sandbox's default embedder): the
    // form in an iframe, and a listener for the form's message.
    await page.goto(`${sandbox.url}/`);
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
    const { token, html } = await htmlRecord(c);
    const res = await post(`${sandbox.url}/forms/${token}/`, `${secretOf(html)}&${edit(ANSWERS(1))}`);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(`data-code="${code}"`);
    expect((await c.get(`/api/v2/record/${token}/`)).body.data.is_finished).toBe(false);
  });

  it('a second submission answers 409, a GET 405', async () => {
    const { token, html } = await htmlRecord(sandbox.as(INSTANT_KEY));
    const body = `${secretOf(html)}&${ANSWERS(2)}`;
    expect((await post(`${sandbox.url}/forms/${token}/`, body)).status).toBe(200);
    expect((await post(`${sandbox.url}/forms/${token}/`, body)).status).toBe(409);
    expect((await fetch(`${sandbox.url}/forms/${token}/`)).status).toBe(405);
  });

  it('without its own secret a post is refused alike, whether the record exists or not', async () => {
    const c = sandbox.as(INSTANT_KEY);
    const mine = await htmlRecord(c);
    const other = await htmlRecord(c);
    const refusals = await Promise.all(
      [
        [mine.token, ANSWERS(1)], // no secret
        [mine.token, `${secretOf(other.html)}&${ANSWERS(1)}`], // another record's
        [mine.token, `tas_form_secret=${'9'.repeat(10)}.${'A'.repeat(43)}&${ANSWERS(1)}`], // made up
        [crypto.randomUUID(), `${secretOf(mine.html)}&${ANSWERS(1)}`], // no such record
      ].map(async ([token, body]) => {
        const res = await post(`${sandbox.url}/forms/${token}/`, body as string);
        return [res.status, await res.text()];
      }),
    );
    for (const [status, page] of refusals) {
      expect(status).toBe(403);
      expect(page).toBe(refusals[0]?.[1]);
      expect(page).toContain('data-code="form_not_issued"');
    }
    expect((await c.get(`/api/v2/record/${mine.token}/`)).body.data.is_finished).toBe(false);
  });
});

describe('the form’s action', () => {
  it('comes from the configured public address, never from the request’s Host or X-Forwarded-Proto', async () => {
    const hosted = await start({ publicUrl: 'https://sandbox.partner.example/' });
    try {
      const c = hosted.as(INSTANT_KEY);
      const token = await c.record('raven-html', 'authenticated');
      const questions = await c.call('GET', `/api/v2/record/${token}/questions/`, undefined, {
        'X-Forwarded-Proto': 'http',
        'X-Forwarded-Host': 'attacker.example',
      });
      expect(/action="([^"]+)"/.exec(questions.body.data.html)?.[1]).toBe(
        `https://sandbox.partner.example/forms/${token}/`,
      );
    } finally {
      await hosted.close();
    }
  });
});

describe('the finished page’s message', () => {
  it.each([
    // the hosted sandbox's --cors-origin → where the page posts its message
    ['none (a local sandbox)', undefined, 'location.ancestorOrigins'],
    ['one website', ['https://partner.example'], '["https://partner.example"].forEach'],
    ['any (*), as the host chose', ['*'], '["*"].forEach'],
  ])('with %s allowed goes only there', async (_name, cors, want) => {
    // The attack: the finished form posted its message to any parent.
    const hosted = await start({ cors });
    try {
      const { token, html } = await htmlRecord(hosted.as(INSTANT_KEY));
      const page = await (await post(`${hosted.url}/forms/${token}/`, `${secretOf(html)}&${ANSWERS(3)}`)).text();
      expect(page).toContain(want);
      if (cors?.[0] !== '*') expect(page).not.toContain('"*"');
    } finally {
      await hosted.close();
    }
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
