import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, loadDescription } from '@tas/openapi';
import { listReleases } from '@tas/openapi-release';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { changesPage } from '../src/builder/changes-page.js';
import { firstDate, releaseDates } from '../src/builder/release-dates.js';
import { withSwitcher } from '../src/builder/switcher.js';
import { buildVersionedSite, defaultOpenapiDir } from '../src/builder/versions.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';
import { openOfflineBrowser } from './offline-browser.js';

// Versioned docs in Chromium, offline: the repository's release 2.0.0, a 2.1.0 released here (an optional
// response field added), and a working 2.2.0 not released yet (another field): the root is 2.1.0, the
// default a partner lands on, and 2.2.0 a preview under preview/.
const work = mkdtempSync(join(tmpdir(), 'tas-docs-versions-test-'));
const openapiDir = join(work, 'openapi');
const descriptionDir = join(work, 'description');
const outDir = join(work, 'site');
const FIELD = 'test_description';
const PREVIEW_FIELD = 'test_preview_note';
let server: Awaited<ReturnType<typeof serveDocs>>;
let browser: Browser;
let page: Page;
let left: string[];
let errors: string[];

beforeAll(async () => {
  const released = join(defaultOpenapiDir(), 'releases', '2.0.0.yaml');
  mkdirSync(join(openapiDir, 'releases'), { recursive: true });
  cpSync(released, join(openapiDir, 'releases', '2.0.0.yaml'));
  const next = parse(readFileSync(released, 'utf8'));
  next.info.version = '2.1.0';
  next.components.schemas.Record.properties[FIELD] = {
    type: 'string',
    maxLength: 2000,
    description: 'What the test measures.',
  };
  writeFileSync(join(openapiDir, 'releases', '2.1.0.yaml'), stringify(next));
  next.info.version = '2.2.0';
  next.components.schemas.Record.properties[PREVIEW_FIELD] = { type: 'string', maxLength: 200 };
  mkdirSync(descriptionDir);
  writeFileSync(join(descriptionDir, 'openapi.yaml'), stringify(next));
  writeFileSync(join(descriptionDir, 'openapi.json'), JSON.stringify(next));
  // Not compressed: nothing here reads a .br or .gz (encoded.test.ts serves those); 16 s of CPU here.
  await buildVersionedSite({ ...defaultSiteOptions(), outDir, descriptionDir, openapiDir, compress: false });

  server = await serveDocs({ dir: outDir, port: 0 });
  ({ browser, page, left, errors } = await openOfflineBrowser());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => f.split('\\').join('/'));

const open = (path: string) => page.goto(`${server.url}/${path}`, { waitUntil: 'load' });
const redocDrawn = () =>
  page.locator('[data-component-name="Layout/ThreePanelLayout"]').first().waitFor({ timeout: READY_LIMIT_MS });

describe('release dates', () => {
  it.each([
    ['git names the newest addition first', '2026-11-26\n2026-11-24\n', '2026-11-26'],
    ['git knows nothing of the file', '', undefined],
    ['git printed something else', 'fatal: not a git repository\n', undefined],
  ])('%s', (_, given, want) => expect(firstDate(given)).toBe(want));

  it("are the days this repository's releases were committed, in their order", () => {
    const dir = join(defaultOpenapiDir(), 'releases');
    const versions = listReleases(dir);
    const dates = releaseDates(dir, versions);
    const days = versions.map((v) => dates[v] ?? '');
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(days).toEqual([...days].sort());
  });

  // The switcher once said "2.1.0 (latest)" beside the Changes page's "2.1.0 (unreleased)".
  it.each([
    ['preview, unreleased', true],
    ['latest', false],
  ])('a working version gets one word, %s, in the switcher and on the Changes page', (word, unreleased) => {
    const bar = '<nav class="tas-nav"></nav><main></main>';
    const here = { version: '2.1.0', dir: '', latest: true, unreleased };
    const switcher = withSwitcher(bar, { here, versions: [here], file: 'index.html', exists: () => true });
    const changes = changesPage({
      entries: [{ version: '2.1.0', changes: [], unreleased }],
      siteTitle: 'TAS',
      version: '2.1.0',
      control: false,
      dirOf: () => '',
      dates: { '2.1.0': '2026-11-27' },
    });
    expect(switcher).toContain(`>2.1.0 (${word})</option>`);
    // A preview says so under the bar, linking the current release's same page; a latest release says nothing.
    const older = { version: '2.0.2', dir: 'v/2.0.2/', latest: false };
    const note = withSwitcher(bar, { here, versions: [here, older], file: 'index.html', exists: () => true });
    expect(/data-older-version[^>]*>([^<]*)<a href="([^"]+)"/.exec(note)?.slice(1) ?? []).toEqual(
      unreleased
        ? ['You are reading 2.1.0, a preview: not released yet. The current release is ', 'v/2.0.2/index.html']
        : [],
    );
    expect(changes).toMatch(
      new RegExp(`>2\\.1\\.0 \\(${word}\\)${unreleased ? '<' : ', <span class="release-date">released'}`),
    );
  });
});

describe('versioned documentation', () => {
  it('puts the latest release at the root and offers every version in a switcher on each page', async () => {
    const pages = ['index.html', 'assumptions.html', 'changes.html', 'reference.html', 'v/2.0.0/index.html'];
    for (const path of [...pages, 'preview/index.html', 'v/2.1.0/index.html']) {
      await open(path);
      const options = await page.locator('[data-version-switcher] option').allTextContents();
      expect(options, path).toEqual(['2.2.0 (preview, unreleased)', '2.1.0 (latest)', '2.0.0']);
    }
    await open('index.html');
    await expect(page.locator('[data-version]').first().textContent()).resolves.toBe('v2.1.0');
  });

  it('serves the release, not the preview, at the root: its pages and its downloads', async () => {
    const version = (file: string) => parse(readFileSync(join(outDir, file), 'utf8')).info.version;
    expect(['openapi.yaml', 'openapi.json', 'v/2.1.0/openapi.yaml', 'preview/openapi.yaml'].map(version)).toEqual([
      '2.1.0',
      '2.1.0',
      '2.1.0',
      '2.2.0',
    ]);
    await open('downloads.html');
    expect(await page.locator('main').textContent()).not.toContain('2.2.0');
    await open('reference.html');
    await redocDrawn();
    expect(await page.content()).not.toContain(PREVIEW_FIELD);
    await open('preview/reference.html');
    await redocDrawn();
    expect(await page.content()).toContain(PREVIEW_FIELD);
  });

  it("says on an older release's downloads which version its packages were made from, and links the Changes", async () => {
    const tools = JSON.parse(
      readFileSync(join(defaultSiteOptions().clientDir as string, 'package.json'), 'utf8'),
    ).version;
    await open('v/2.0.0/downloads.html');
    await expect(page.locator('[data-tools-version]').textContent()).resolves.toBe(tools);
    expect(await page.locator('main').textContent()).toMatch(
      /tools' latest build, made from version\s+\S+\s+of the description, [\s\S]*since 2\.0\.0/,
    );
    await page.locator('main a[data-site-changes]').click();
    await page.waitForURL(`${server.url}/changes.html`);
    await expect(page.locator('h1').first().textContent()).resolves.toMatch(/Changes/);
  });

  it("says on every page of the preview that it is one, and links the release's same page", async () => {
    for (const path of ['index.html', 'downloads.html', 'reference.html']) {
      await open(`preview/${path}`);
      const note = page.locator('[data-older-version]');
      expect(await note.textContent(), path).toBe(
        'You are reading 2.2.0, a preview: not released yet. The current release is 2.1.0.',
      );
      expect(await note.locator('a').getAttribute('href'), path).toBe(`../${path}`);
    }
  });

  it('switches to the same page of an older version, and back', async () => {
    await open('assumptions.html');
    await Promise.all([
      page.waitForURL('**/v/2.0.0/assumptions.html'),
      page.selectOption('[data-version-switcher]', { label: '2.0.0' }),
    ]);
    await expect(page.locator('[data-version]').first().textContent()).resolves.toBe('v2.0.0');
    expect(await page.locator('[data-version-switcher]').inputValue()).toBe('../../v/2.0.0/assumptions.html');
    await Promise.all([
      page.waitForURL(`${server.url}/assumptions.html`),
      page.selectOption('[data-version-switcher]', { label: '2.1.0 (latest)' }),
    ]);
  });

  it("shows the older version's own reference: without the field 2.1.0 added", async () => {
    await open('v/2.0.0/reference.html');
    await redocDrawn();
    const older = await page.content();
    expect(older).toContain('2.0.0');
    expect(older).not.toContain(FIELD);
    await open('reference.html');
    await redocDrawn();
    expect(await page.content()).toContain(FIELD);
  });

  it('lists each release on the Changes page, in plain words, linked to the operation in the reference', async () => {
    await open('changes.html');
    const text = await page.locator('main').textContent();
    // The switcher's word for the version, and the day each release was recorded (here: made today).
    const today = new Date().toISOString().slice(0, 10);
    expect(text).toContain(`2.1.0 (latest), released ${today}`);
    expect(text).toContain(`2.0.0, released ${today}`);
    // The preview once, with its own word; its changes link its own reference.
    expect(text?.split('2.2.0 (preview, unreleased)').length).toBe(2);
    expect(await page.locator(`a[href^="preview/reference.html#operation/"]`).count()).toBeGreaterThan(0);
    // In a partner's words: the schema, the field and where it shows; no backticks, no schema paths.
    expect(text).toContain(`Record: new field ${FIELD} (assumed). In GET /record/, GET /record/{token}/`);
    expect(text).not.toMatch(/`|properties\.|in schemas/);
    expect(text).toContain('First release of the contract.');
    const link = page.locator('ul.changes-non-breaking a[href*="reference.html#operation/"]').first();
    const href = await link.getAttribute('href');
    const operationId = href?.split('#operation/')[1] ?? '';
    expect(operationId).not.toBe('');
    await link.click();
    await redocDrawn();
    // The page turns the anchor into Redoc 3's own route (#/<tag>/<operation>), on the same operation.
    expect(page.url()).toMatch(new RegExp(`/reference\\.html#/[^/]+/${operationId.toLowerCase()}$`));
    const summary = listOperations(loadDescription(join(descriptionDir, 'openapi.json'))).find(
      (op) => op.operationId === operationId,
    )?.summary;
    await expect
      .poll(() => page.getByRole('heading', { name: summary }).first().isVisible(), { timeout: READY_LIMIT_MS })
      .toBe(true);
  });

  it('keeps the operation when switching the reference to another version, and back', async () => {
    await open('reference.html#operation/getRecord');
    await page.locator('#redoc [data-section-id="/records/getrecord"]').waitFor({ timeout: READY_LIMIT_MS });
    for (const [label, url] of [
      ['2.0.0', '**/v/2.0.0/reference.html#/records/getrecord'],
      ['2.1.0 (latest)', `${server.url}/reference.html#/records/getrecord`],
    ] as const) {
      await Promise.all([page.waitForURL(url), page.selectOption('[data-version-switcher]', { label })]);
      const section = page.locator('#redoc [data-section-id="/records/getrecord"]');
      await section.waitFor({ timeout: READY_LIMIT_MS });
      await expect
        .poll(() =>
          section
            .getByRole('heading', { name: /Get a record$/ })
            .first()
            .isVisible(),
        )
        .toBe(true);
    }
  });

  it('says on every page of an older version which version is the latest, and links its same page', async () => {
    for (const path of ['index.html', 'assumptions.html', 'reference.html']) {
      await open(path);
      expect(await page.locator('[data-older-version]').count(), path).toBe(0);
      await open(`v/2.0.0/${path}`);
      const note = page.locator('[data-older-version]');
      expect(await note.textContent(), path).toBe('You are reading 2.0.0; the latest is 2.1.0.');
      expect(await note.locator('a').getAttribute('href'), path).toBe(`../../${path}`);
    }
    // From an operation of the older reference, the link keeps the operation.
    await open('v/2.0.0/reference.html#operation/getRecord');
    await page.locator('#redoc [data-section-id="/records/getrecord"]').waitFor({ timeout: READY_LIMIT_MS });
    await Promise.all([
      page.waitForURL(`${server.url}/reference.html#/records/getrecord`),
      page.locator('[data-older-version] a').click(),
    ]);
  });

  it("loads one renderer for every version: the root's hashed script, not a copy per version", async () => {
    const scripts = files(outDir).filter((f) => /(^|\/)redoc\.[0-9a-f]+\.js$/.test(f));
    expect(scripts).toEqual([expect.stringMatching(/^assets\/redoc\.[0-9a-f]{12}\.js$/)]);
    const loaded: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (/redoc\.[0-9a-f]+\.js$/.test(r.url())) loaded.push(r.url());
    };
    page.on('request', onRequest);
    const pages = [
      'reference.html',
      'v/2.0.0/reference.html',
      'v/2.0.0/sandbox-control.html',
      'v/2.1.0/reference.html',
    ];
    for (const path of [...pages, 'preview/reference.html']) {
      await open(path);
      await redocDrawn();
    }
    page.off('request', onRequest);
    expect(new Set(loaded)).toEqual(new Set([`${server.url}/${scripts[0]}`]));
  });

  it('stays offline and error-free', () => {
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
