import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@tas/browser';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { plainStaticServer } from './static-server.js';

// A partner on a phone (390x844, touch) walks the journeys through the reference's panels alone,
// against a real sandbox: no token and no answer array is typed; each panel takes what the answers
// before it carried. Every operation of the API is sent this way; a value not carried fails a step.

const doc = loadDescription();
const options = defaultSiteOptions();
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
let siteDir = options.outDir;
let ownSite: string | undefined;
let site: Awaited<ReturnType<typeof plainStaticServer>>;
let sandbox: Sandbox;
let browser: Browser;
let page: Page;
const sent: string[] = [];
const errors: string[] = [];
const requests: string[] = [];
const refused: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(siteDir, 'tryit.json'))) {
    ownSite = mkdtempSync(join(tmpdir(), 'tas-docs-tryit-phone-'));
    siteDir = ownSite;
    await buildSite({ ...options, outDir: siteDir });
  }
  [site, sandbox, browser] = await Promise.all([
    plainStaticServer(siteDir),
    startSandbox({ port: 0, rateLimit: false }),
    launchChromium(),
  ]);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  ctx.setDefaultTimeout(READY_LIMIT_MS);
  page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  // The page's policy (no inline script but its own, nothing evaluated) refuses nothing Try it does.
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) refused.push(m.text());
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([sandbox?.close(), site?.close()]);
  if (ownSite) rmSync(ownSite, { recursive: true, force: true });
});

const dialog = () => page.locator('dialog.tas-tryit[open]');
let chosen = '';

/** The operation's panel, from its deep link; the first one points at the sandbox with a key. */
async function open(operationId: string, key: string) {
  if (await dialog().count()) await dialog().getByRole('button', { name: 'Close' }).tap();
  await page.goto(`${site.url}/reference.html#operation/${operationId}`);
  const button = page.locator(`[data-section-id] button[data-tryit="op:${operationId}"]`).first();
  await button.waitFor({ state: 'visible' });
  await button.tap();
  await dialog().waitFor();
  if (chosen !== key) {
    await dialog().getByLabel('Target').selectOption('local-sandbox');
    await dialog().getByLabel('Address of your local server').fill(sandbox.url);
    await dialog().getByLabel('Address of your local server').dispatchEvent('change');
    await dialog().getByLabel('API key').fill(key);
    chosen = key;
  }
}

/** Taps Send; the status and the verdict of the answer. */
async function send(operationId: string, shot?: string): Promise<[string, string | null, string | null]> {
  await dialog().getByRole('button', { name: 'Send', exact: true }).tap();
  const status = dialog().locator('.tas-sent .tas-status');
  await status.waitFor();
  if (shot) await page.screenshot({ path: join(artifacts, `tryit-phone-${shot}.png`) });
  sent.push(operationId);
  return [
    operationId,
    await status.getAttribute('data-status'),
    await dialog().locator('.tas-sent [data-verdict]').getAttribute('data-verdict'),
  ];
}

const ok = (operationId: string) => [operationId, '200', 'matches'];

/** A helper beside the value it changes; what it said. */
async function helper(name: string): Promise<string> {
  await dialog().getByRole('button', { name }).tap();
  const said = dialog().locator('.tas-helper-said');
  await said.waitFor();
  return (await said.textContent()) ?? '';
}

/** The questions, the answers built from them, the result: of the record the environment carries. */
async function answerAndResult(shot: string) {
  await open('getQuestions', chosen);
  expect(await send('getQuestions')).toEqual(ok('getQuestions'));
  await open('submitAnswers', chosen);
  expect(await send('submitAnswers')).toEqual(ok('submitAnswers'));
  await open('getResult', chosen);
  expect(await send('getResult', shot)).toEqual(ok('getResult'));
  return JSON.parse((await dialog().locator('.tas-sent .tas-json').textContent()) ?? '{}');
}

describe('Try it on a phone: the journeys through the reference panels alone', () => {
  it('a refusal: its status first, coloured, its code linked to the errors page, the verdict after it', async () => {
    // Nothing carried yet: the description's example token, which this sandbox does not have.
    await open('getResult', 'sandbox-key-sms');
    expect(await send('getResult', 'refused')).toEqual(['getResult', '404', 'matches']);
    const answer = dialog().locator('.tas-sent .tas-answer');
    expect(await answer.locator('> *').evaluateAll((els) => els.slice(0, 3).map((e) => e.className))).toEqual([
      'tas-status tas-status-refused',
      'tas-refusal',
      'tas-verdict tas-ok-quiet',
    ]);
    const link = answer.locator('.tas-refusal a');
    expect([await link.textContent(), await link.getAttribute('href')]).toEqual([
      'not_found',
      `${site.url}/errors.html#not_found`,
    ]);
  });

  it('a standalone record by SMS: listed, authenticated, the code read for it, verified, answered, scored', async () => {
    await open('listRecords', 'sandbox-key-sms');
    expect(await send('listRecords')).toEqual(ok('listRecords'));
    await open('authenticateRecord', 'sandbox-key-sms');
    expect(await send('authenticateRecord')).toEqual(ok('authenticateRecord'));
    const record = await dialog().getByLabel('Record token (used here)').inputValue();
    await open('verifyRecordAuth', 'sandbox-key-sms');
    expect(await helper('Read the SMS code')).toMatch(new RegExp(`^Code \\d{5} for the record ${record}, sent to 09`));
    expect(await send('verifyRecordAuth', 'sms-verify')).toEqual(ok('verifyRecordAuth'));
    // The first ready record of the seed is an HTML questionnaire: filled in and sent from its frame.
    await open('getQuestions', 'sandbox-key-sms');
    expect(await send('getQuestions')).toEqual(ok('getQuestions'));
    await dialog().getByRole('button', { name: 'Fill in this questionnaire here' }).tap();
    const form = dialog().frameLocator('.tas-form-frame iframe');
    const items = form.locator('fieldset');
    await items.first().waitFor();
    for (let i = 0; i < (await items.count()); i++) await items.nth(i).locator('input').first().tap();
    await page.screenshot({ path: join(artifacts, 'tryit-phone-html-form.png') });
    await form.locator('button[type="submit"]').tap();
    await dialog().locator(`[data-finished="${record}"]`).waitFor();
    await open('getResult', 'sandbox-key-sms');
    expect(await send('getResult', 'sms-result')).toEqual(ok('getResult'));
    const result = JSON.parse((await dialog().locator('.tas-sent .tas-json').textContent()) ?? '{}');
    expect(result.data).toMatchObject({ token: record, test_id: 'raven-html' });
  });

  it('a roadmap by SMS after it: the code read for the roadmap, each of its records answered', async () => {
    await open('getRoadmap', 'sandbox-key-sms');
    expect(await helper('Make a roadmap')).toMatch(/^Roadmap [0-9a-f-]{36}, now the roadmap token/);
    expect(await send('getRoadmap')).toEqual(ok('getRoadmap'));
    await open('authenticateRoadmap', 'sandbox-key-sms');
    expect(await send('authenticateRoadmap')).toEqual(ok('authenticateRoadmap'));
    const roadmap = await dialog().getByLabel('Roadmap token (used here)').inputValue();
    // The mobile changed since the record's authentication: the code is the roadmap's, to the new mobile.
    await open('verifyRoadmapAuth', 'sandbox-key-sms');
    expect(await helper('Read the SMS code')).toMatch(
      new RegExp(`^Code \\d{5} for the roadmap ${roadmap}, sent to 09`),
    );
    expect(await send('verifyRoadmapAuth', 'roadmap-verify')).toEqual(ok('verifyRoadmapAuth'));
    // Copy as curl and as typed-client code: exactly what was sent, the key kept out.
    await dialog().getByRole('button', { name: 'Copy as curl' }).tap();
    const curl = (await dialog().locator('.tas-copied').textContent()) ?? '';
    expect(curl).toContain(`-X PUT '${sandbox.url}/api/v2/roadmap/${roadmap}/auth/verify/'`);
    expect(curl).not.toContain('sandbox-key');
    await dialog().getByRole('button', { name: 'Copy as typed-client code' }).tap();
    expect(await dialog().locator('.tas-copied').textContent()).toContain(`tas.call('verifyRoadmapAuth'`);
    const first = await answerAndResult('roadmap-result-1');
    // The second record of the roadmap, chosen from those the answers carried (no token typed).
    await open('getQuestions', 'sandbox-key-sms');
    const known = dialog().getByLabel('Records answered so far');
    const second = await known.locator('option', { hasText: 'roadmap role 2' }).getAttribute('value');
    await known.selectOption(second ?? '');
    const last = await answerAndResult('roadmap-result-2');
    expect([first.data.test_id, last.data.test_id, last.data.token]).toEqual(['cas-child', 'parenting-style', second]);
  });

  it('a standalone record with instant authentication: no code, straight to the questions', async () => {
    await open('listRecords', 'sandbox-key-instant');
    expect(await send('listRecords')).toEqual(ok('listRecords'));
    // A record of a JSON questionnaire this time, chosen from those the listing carried.
    await open('authenticateRecord', 'sandbox-key-instant');
    const known = dialog().getByLabel('Records answered so far');
    await known.selectOption(
      (await known.locator('option', { hasText: 'listed: career-interest' }).getAttribute('value')) ?? '',
    );
    expect(await send('authenticateRecord')).toEqual(ok('authenticateRecord'));
    const result = await answerAndResult('instant-result');
    expect(result.data.test_id).toBe('career-interest');
    await open('getRecord', 'sandbox-key-instant');
    expect(await send('getRecord')).toEqual(ok('getRecord'));
    expect(JSON.parse((await dialog().locator('.tas-sent .tas-json').textContent()) ?? '{}').data.is_finished).toBe(
      true,
    );
    // Two more authentications from one panel, never reopened: each send takes a new external_id and mobile (the
    // same external_id again was refused 409 duplicate_external_id).
    await open('authenticateRecord', 'sandbox-key-instant');
    for (const _ of [1, 2]) {
      const make = dialog().getByRole('button', { name: 'Make a ready record' });
      if (!(await make.isVisible())) await dialog().locator('.tas-env-more > summary').tap();
      const token = dialog().getByLabel('Record token (used here)');
      const before = await token.inputValue();
      await make.tap();
      await expect.poll(() => token.inputValue()).not.toBe(before);
      expect(await send('authenticateRecord')).toEqual(ok('authenticateRecord'));
    }
  });

  it('sent every operation of the API, only to the sandbox, the key in no URL and kept for the tab only', async () => {
    expect([...new Set(sent)].sort()).toEqual(
      listOperations(doc)
        .map((o) => o.operationId)
        .sort(),
    );
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    const origins = new Set(requests.filter((u) => !u.startsWith('about:')).map((u) => new URL(u).origin));
    expect([...origins].sort()).toEqual([site.url, sandbox.url].sort());
    expect(requests.filter((u) => u.includes('sandbox-key'))).toEqual([]);
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: JSON.stringify(sessionStorage) }));
    expect(stored.local).toBe(0);
    expect(stored.session).toContain('sandbox-key-sms');
  });
});
