// The guide's "Question media" and "The HTML questionnaire", as a partner meets them: the typed
// examples compiled strictly and run against a real sandbox, the question's images looked at in
// Chromium, and the embedding snippet run in a partner's page that the test serves.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launchChromium } from '@tas/browser';
import { loadDescription } from '@tas/openapi';
import { loadRelease } from '@tas/openapi-release';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAddresses } from '../src/guide/addresses.js';
import {
  EMBED_HTML,
  FINISHED_EXAMPLE,
  htmlQuestionnaireSection,
  MEDIA_EXAMPLE,
  mediaSection,
} from '../src/guide/embedding.js';

const run = promisify(execFile);
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const folder = fileURLToPath(new URL('../test-artifacts/embedding/', import.meta.url));
const doc = loadDescription();
const KEY = 'sandbox-key-instant';
const profile = { mobile: '09121234567', profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true } };

let sandbox: Sandbox;
let browser: Browser;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  browser = await launchChromium();
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}package.json`, '{"type":"module"}\n');
  writeFileSync(`${folder}media.ts`, MEDIA_EXAMPLE);
  writeFileSync(`${folder}finished.ts`, FINISHED_EXAMPLE);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'API-KEY': KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { data: Record<string, unknown> };
}

/** A new record of the test, authenticated, through the control API and the API. */
async function authenticated(testId: string): Promise<string> {
  const token = (await api('POST', '/__sandbox/records/', { test_id: testId, state: 'ready' })).data.token as string;
  await api('POST', `/api/v2/record/${token}/auth/`, profile);
  return token;
}

const runExample = (file: string, record: string) =>
  run(tsx, [`${folder}${file}`], {
    env: { ...process.env, TAS_BASE_URL: sandbox.url, TAS_API_KEY: KEY, TAS_RECORD: record },
  });

describe('the typed examples', () => {
  it('compile under tsc --strict against @tas/client', () => {
    const program = ts.createProgram([`${folder}media.ts`, `${folder}finished.ts`], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('media.ts prints the media URLs, and the sandbox answers each without a key', async () => {
    const { stdout } = await runExample('media.ts', await authenticated('career-interest'));
    const urls = [...stdout.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(urls).toContain(`${sandbox.url}/media/questions/career-interest/2.png`);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
  });

  it('finished.ts waits until the form finishes the record', async () => {
    const token = await authenticated('raven-html');
    const waiting = runExample('finished.ts', token);
    // The secret the questionnaire's form carries (a hidden field), posted with the answers as the form does.
    const { html } = (await api('GET', `/api/v2/record/${token}/questions/`)).data as { html: string };
    const secret = new URLSearchParams({
      tas_form_secret: /name="tas_form_secret" value="([^"]+)"/.exec(html)?.[1] ?? '',
    });
    const answers = `${secret}&${Array.from({ length: 12 }, (_, i) => `a${i + 1}=1`).join('&')}`;
    const posted = await fetch(`${sandbox.url}/forms/${token}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: answers,
    });
    expect(posted.status).toBe(200);
    expect((await waiting).stdout).toContain('finished: true');
  });
});

describe('in Chromium', () => {
  it('the guide shows the question with its image and its options', async () => {
    const page = await browser.newPage();
    await page.setContent(mediaSection(doc, siteAddresses({ sandbox: sandbox.url })));
    const images = await page
      .locator('figure img')
      .evaluateAll((imgs) =>
        imgs.map((i) => ({ width: (i as HTMLImageElement).naturalWidth, alt: (i as HTMLImageElement).alt })),
      );
    await page.close();
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.width, image.alt).toBeGreaterThan(0);
    expect(images[0]?.alt).toBe('کدام تصویر برای شما آرامش‌بخش‌تر است؟');
  });

  it('the embedding snippet, in a partner page, gets the message when the participant submits', async () => {
    const token = await authenticated('raven-html');
    const html = (await api('GET', `/api/v2/record/${token}/questions/`)).data.html as string;
    // The partner's page and the endpoint its snippet calls, on a server of its own.
    const told: string[] = [];
    const partner: Server = createServer((req, res) => {
      if (req.method === 'POST') told.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><script>const html = ${JSON.stringify(html).replace(/</g, '\\u003c')};</script>${EMBED_HTML}`,
      );
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(partner.address() as AddressInfo).port}/`);
      const form = page.frameLocator('#questionnaire');
      for (let i = 1; i <= 12; i++) await form.locator(`input[name="a${i}"][value="2"]`).check();
      await form.getByRole('button').click();
      await expect.poll(() => told).toEqual([`/your-server/records/${token}/finished`]);
      await page.close();
    } finally {
      partner.close();
    }
    expect((await api('GET', `/api/v2/record/${token}/`)).data.is_finished).toBe(true);
  });

  it('a release before 2.1.0, which stated neither, gets neither section in its versioned guide', () => {
    const old = loadRelease(fileURLToPath(new URL('../../../openapi/releases/', import.meta.url)), '2.0.2');
    expect(mediaSection(old, siteAddresses())).toBe('');
    expect(htmlQuestionnaireSection(old, siteAddresses())).toBe('');
  });

  it('the section on the HTML questionnaire shows the snippet and the typed example', () => {
    const section = htmlQuestionnaireSection(doc, siteAddresses());
    expect(section).toContain('tas:record-finished');
    expect(section).toContain('waitUntilFinished');
  });
});
