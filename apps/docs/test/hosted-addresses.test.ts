import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, TEST_LIMIT_MS, tsxCommand } from '@tas/serve/testing';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { LOCAL } from '../src/guide/addresses.js';
import { DOWNLOADS } from '../src/guide/downloads.js';
import { hostingSection } from '../src/guide/hosting.js';
import { PUBLISHED, publishedSite } from './published-site.js';

// The site built as a publisher builds it (`npm run build -w @tas/docs -- …`, in a process of its own)
// for a hosted sandbox and mock (--sandbox-url and --mock-url, published-site.ts): everything a
// partner runs points there; built without them, at the local servers the downloads start.
const BUILD_CLI = fileURLToPath(new URL('../src/cli/build.ts', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const SANDBOX_DIST = fileURLToPath(new URL('../../sandbox/dist', import.meta.url));
const { sandbox } = PUBLISHED;
// The mock's address as the site writes it: the trailing slash it was given is not doubled.
const mock = PUBLISHED.mock.replace(/\/$/, '');
// What the build was given of the contact and licence (the licence's address from the environment).
const { supportUrl, supportEmail, licenseName, licenseUrl } = PUBLISHED;
const publisher = { supportUrl, supportEmail, licenseName, licenseUrl };
const UNSET = Object.fromEntries(
  ['SANDBOX_URL', 'MOCK_URL', 'SUPPORT_URL', 'SUPPORT_EMAIL', 'LICENSE_NAME', 'LICENSE_URL'].map((n) => [
    `TAS_DOCS_${n}`,
    '',
  ]),
);
// Each site is built once and read by several tests: a whole build (every release's site) takes minutes
// on a busy machine, inside the first test that reads it.
vi.setConfig({ testTimeout: 2 * TEST_LIMIT_MS });
const work = mkdtempSync(join(tmpdir(), 'tas-docs-hosted-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const sites = new Map<string, ReturnType<typeof build>>();
const built = (hostedFor?: 'hosted') => {
  const key = hostedFor ?? 'local';
  if (!sites.has(key)) sites.set(key, build(key));
  return sites.get(key) as ReturnType<typeof build>;
};

async function build(key: 'hosted' | 'local') {
  // The local site is the one `npm run build` made (turbo builds dist/ before the tests, with no
  // address given); a bare `vitest run` without it builds its own.
  let outDir = DIST;
  if (key === 'hosted') outDir = await publishedSite();
  else if (!existsSync(join(DIST, 'downloads.html'))) {
    outDir = join(work, key);
    const ran = await run(tsxCommand(BUILD_CLI, ['--out', outDir]), UNSET);
    expect(ran.code, ran.stderr).toBe(0);
  }
  // A long address in code may break after a slash (<wbr>): the words are the same.
  const read = (file: string) => readFileSync(join(outDir, file), 'utf8').replaceAll('<wbr>', '');
  /** Every file of the site a partner can open as text (the compressed copies are the same). */
  const files = (dir = outDir): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.(gz|br|tgz)$/.test(name) ? [] : [relative(outDir, path)];
    });
  /** What a partner copies and runs: the code blocks of the guide pages. */
  const blocks = (file: string) =>
    [...read(file).matchAll(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) => m[1]);
  const runnable = [
    ...blocks('index.html'),
    ...blocks('errors.html'),
    read(DOWNLOADS.environment('sandbox')),
    read(DOWNLOADS.environment('mock')),
    // The reference's samples, as its tabs fetch them.
    ...[...read('code-samples.json').matchAll(/BASE_URL \?\? '[^']*'|Needs BASE_URL \(the sandbox: [^)]*\)/g)].map(
      (m) => m[0],
    ),
  ].join('\n');
  return { read, runnable, files };
}

describe('the hosted addresses the site is built for', () => {
  it('are what every command, sample, client example and Postman environment uses', async () => {
    const { read, runnable } = await built('hosted');
    expect(runnable).toContain(sandbox);
    expect(runnable).toContain(mock);
    expect(runnable).not.toContain(`${mock}//`);
    expect(runnable).not.toContain(LOCAL.sandbox);
    expect(runnable).not.toContain(LOCAL.mock);
    expect(read('index.html')).toContain(`the hosted sandbox at <code>${sandbox}</code>`);
    expect(read('downloads.html')).toMatch(/Hosted for you: the sandbox at .*and the mock at/);
    expect(read('reference.html')).toContain(`${sandbox}/api/v2`);
  });

  it('are what every page speaks of: localhost only where the reader starts a server of their own', async () => {
    const { read } = await built('hosted');
    // The reference's Servers text, the control API's server and description, the client's quick start.
    // The page's policy lets Try it reach a server the reader starts (localhost): a header, not words.
    // So may a sentence that offers one the reader started on their own machine (Try it's targets).
    const words = (file: string) =>
      read(file)
        .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/g, '')
        .replace(/<script data-tas-policy>[\s\S]*?<\/script>/g, '')
        .replace(/[^.]*(on your machine|you started|your own machine)[^.]*/g, '');
    for (const file of ['reference.html', 'sandbox-control.html', 'client.html', 'index.html', 'errors.html'])
      expect(words(file), file).not.toMatch(/localhost|local (sandbox|mock)/);
    expect(read('sandbox-control.html')).toContain(`${sandbox}/__sandbox`);
    expect(read('client.html')).toContain(`The mock is hosted at <code>${mock}</code>`);
    // Downloads: the conformance run checks the hosted sandbox; only the commands that start a server
    // of the reader's own say where it listens.
    const downloads = words('downloads.html');
    expect(downloads).toContain(`--base-url ${sandbox} --provision sandbox`);
    const mentions = [...downloads.matchAll(/[^.]*localhost[^.]*/g)].map((m) => m[0]);
    expect(mentions.length).toBeGreaterThan(0);
    for (const line of mentions) expect(line).toMatch(/It prints the address it listens on/);
  });

  it('without them, are the local servers, with the one command that starts each from Downloads', async () => {
    const { read, runnable } = await built();
    expect(runnable).toContain(LOCAL.sandbox);
    const guide = read('index.html');
    expect(guide).not.toMatch(/clone|npm start|npm run (mock|sandbox)/);
    expect(guide).toMatch(/npx --yes --package \.\/tas-sandbox-[\d.]+\.tgz tas-sandbox/);
    expect(guide).toMatch(/npx --yes --package \.\/tas-mock-[\d.]+\.tgz tas-mock/);
  });
});

// The contact and licence partners read: what the build was given, else nothing placeholder-like.
describe('the page for whoever hosts the sandbox for partners', () => {
  it("names the address the site was built for, and leaves the sandbox's own facts to its README, shown as shipped", async () => {
    const hosted = await built('hosted');
    const page = hosted.read('hosting.html');
    expect(page).toContain(`This site was built for the sandbox at <code>${sandbox}</code>`);
    expect(page).toContain('<a href="sandbox.html">its README</a>');
    expect(page).toMatch(/Another address: add one by hand/);
    // The start command is Downloads' own.
    const start = /npx --yes --package \.\/tas-sandbox-[\d.]+\.tgz tas-sandbox/.exec(page)?.[0];
    expect(start && hosted.read('downloads.html')).toContain(start);
    // The README as the tarball ships it, rendered: its own first heading, and the page links back.
    const shipped = readFileSync(join(SANDBOX_DIST, 'package', 'README.md'), 'utf8');
    const heading = /^# (.+)$/m.exec(shipped)?.[1] ?? 'no heading';
    expect(hosted.read('sandbox.html')).toContain(heading.replace(/`([^`]*)`/g, '<code>$1</code>'));
    expect(hosted.read('sandbox.html')).toContain('href="hosting.html"');
    expect(hosted.read('downloads.html')).toContain('<a href="hosting.html">');
    const local = await built();
    expect(local.read('hosting.html')).toContain('This site names no hosted sandbox: each person adds one by hand');
  });

  it("shows the sandbox README's hosting guide word for word: the paths to pass, never /__sandbox/", async () => {
    // The issue: the README said pass /api/v2/, /media/ and /forms/; this page said /api/v2/ and /__sandbox/.
    const page = (await built('hosted')).read('hosting.html');
    const readme = readFileSync(new URL('../../sandbox/README.md', import.meta.url), 'utf8');
    const guide = hostingSection(readme);
    expect(guide).toContain('passes exactly `/api/v2/` (the API), `/media/`');
    // It tells whoever builds the site how phones reach this sandbox first: the build's own flag.
    expect(readFileSync(new URL('../src/cli/build.ts', import.meta.url), 'utf8')).toContain('--sandbox-url <url>');
    for (const line of ['hash $http_api_key;', 'location /s1/forms/', '--trust-proxy 127.0.0.1', '--sandbox-url'])
      expect(page).toContain(line);
    expect(page).toMatch(/and never\s+<code>\/__sandbox\/<\/code>/);
    expect(page).not.toMatch(/passes <code>\/api\/v2\/<\/code> and <code>\/__sandbox\/<\/code>/);
  });
});

describe('the support contact and the licence', () => {
  const PLACEHOLDER = /tas\.example\/support|LicenseRef-/;
  /** What Redoc shows of the reference (its server-rendered markup, not the page's data). */
  const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

  it('without them, no page shows a placeholder contact or a LicenseRef identifier', async () => {
    const { read } = await built();
    for (const file of ['reference.html', 'sandbox-control.html', 'index.html'])
      expect(shown(read(file)), file).not.toMatch(PLACEHOLDER);
    expect(shown(read('reference.html'))).toContain('Proprietary, for partners of the service');
  });

  it('given at build time, the reference and Getting started show them', async () => {
    const { read } = await built('hosted');
    const reference = shown(read('reference.html'));
    for (const value of Object.values(publisher)) expect(reference).toContain(value);
    expect(reference).not.toMatch(PLACEHOLDER);
    expect(read('index.html')).toContain(`<a href="${publisher.supportUrl}">`);
    expect(read('index.html')).toContain(`mailto:${publisher.supportEmail}`);
  });
});

// What a partner downloads: the description (3.1 and 3.0, YAML and JSON, the control API's) at the
// root and under each release's v/<version>/, and the Postman collection.
describe('the downloads', () => {
  const PLACEHOLDER = /tas\.example\/support|LicenseRef-/;
  const LICENSE = 'Proprietary, for partners of the service';
  const descriptions = (files: string[]) =>
    files.filter((f) => /(^|\/)(openapi|openapi-3\.0|sandbox-control)\.(yaml|json)$/.test(f));
  const collectionText = (read: (file: string) => string) =>
    String(JSON.parse(read(DOWNLOADS.collection)).info.description.content);

  it('carry no contact and no placeholder when the build was given none', async () => {
    const { read, files } = await built();
    const all = files();
    // Five descriptions for the working version and each of three releases at least.
    expect(descriptions(all).length).toBeGreaterThanOrEqual(20);
    for (const file of all) expect(read(file), file).not.toMatch(PLACEHOLDER);
    for (const file of descriptions(all)) {
      const { info } = parse(read(file));
      expect(info.contact, file).toBeUndefined();
      expect(info.license, file).toEqual({ name: LICENSE });
    }
    const collection = collectionText(read);
    expect(collection).not.toMatch(/Contact Support|Partner support/);
    expect(collection).toContain(`## Licence\n\n${LICENSE}`);
  });

  it('carry the contact and licence the build was given', async () => {
    const { read, files } = await built('hosted');
    const all = files();
    for (const file of all) expect(read(file), file).not.toMatch(PLACEHOLDER);
    for (const file of descriptions(all)) {
      const { info } = parse(read(file));
      expect(info.contact, file).toEqual({
        name: 'Test Administration Service partner support',
        url: publisher.supportUrl,
        email: publisher.supportEmail,
      });
      expect(info.license, file).toEqual({ name: publisher.licenseName, url: publisher.licenseUrl });
    }
    const collection = collectionText(read);
    expect(collection).toContain(
      `## Partner support\n\nTest Administration Service partner support: ${publisher.supportUrl}, ${publisher.supportEmail}`,
    );
    expect(collection).toContain(`## Licence\n\n${publisher.licenseName} (${publisher.licenseUrl})`);
  });
});
