import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, loadDescription } from '@tas/openapi';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildVersionedSite, defaultOpenapiDir } from '../src/build/versions.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';
import { openOfflineBrowser } from './offline-browser.js';

// Versioned docs in Chromium, offline: the repository's release 2.0.0 plus a 2.1.0 made here (an
// optional response field added), so that there is an older version to switch to.
const work = mkdtempSync(join(tmpdir(), 'tas-docs-versions-test-'));
const openapiDir = join(work, 'openapi');
const descriptionDir = join(work, 'description');
const outDir = join(work, 'site');
const FIELD = 'test_description';

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
  mkdirSync(descriptionDir);
  writeFileSync(join(descriptionDir, 'openapi.yaml'), stringify(next));
  writeFileSync(join(descriptionDir, 'openapi.json'), JSON.stringify(next));
  await buildVersionedSite({ ...defaultSiteOptions(), outDir, descriptionDir, openapiDir });

  server = await serveDocs({ dir: outDir, port: 0 });
  ({ browser, page, left, errors } = await openOfflineBrowser());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const open = (path: string) => page.goto(`${server.url}/${path}`, { waitUntil: 'load' });
const redocDrawn = () =>
  page.locator('[data-component-name="Layout/ThreePanelLayout"]').first().waitFor({ timeout: READY_LIMIT_MS });

describe('versioned documentation', () => {
  it('puts the latest release at the root and offers every version in a switcher on each page', async () => {
    for (const path of ['index.html', 'assumptions.html', 'changes.html', 'reference.html', 'v/2.0.0/index.html']) {
      await open(path);
      const options = await page.locator('[data-version-switcher] option').allTextContents();
      expect(options, path).toEqual(['2.1.0 (latest)', '2.0.0']);
    }
    await open('index.html');
    await expect(page.locator('[data-version]').first().textContent()).resolves.toBe('v2.1.0');
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
    expect(text).toContain('2.1.0 (this version)');
    expect(text).not.toContain('unreleased');
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
    // Redoc rewrites the anchor to its own form (#tag/<tag>/operation/<id>), on the same operation.
    expect(page.url()).toMatch(new RegExp(`/reference\\.html#(tag/[^/]+/)?operation/${operationId}$`));
    const summary = listOperations(loadDescription(join(descriptionDir, 'openapi.json'))).find(
      (op) => op.operationId === operationId,
    )?.summary;
    await expect
      .poll(() => page.getByRole('heading', { name: summary }).first().isVisible(), { timeout: READY_LIMIT_MS })
      .toBe(true);
  });

  it('stays offline and error-free', () => {
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
