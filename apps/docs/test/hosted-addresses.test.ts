import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../src/builder/site.js';
import { LOCAL, siteAddresses } from '../src/guide/addresses.js';
import { DOWNLOADS } from '../src/guide/downloads.js';
import { defaultSiteOptions } from '../src/paths.js';

// The site built for a hosted sandbox and mock (the build's --sandbox-url and --mock-url): everything a
// partner runs points there; built without them, at the local servers the downloads start.
const hosted = { sandbox: 'https://sandbox.tas.example', mock: 'https://mock.tas.example/' };

const publisher = {
  supportUrl: 'https://partners.example.org/help',
  supportEmail: 'help@partners.example.org',
  licenseName: 'Partner agreement 2026',
  licenseUrl: 'https://partners.example.org/licence',
};
// Each site is built once (a build takes a minute on a busy machine) and read by several tests.
const sites = new Map<string, ReturnType<typeof build>>();
const built = (hostedFor?: 'hosted') => {
  const key = hostedFor ?? 'local';
  if (!sites.has(key)) sites.set(key, build(hostedFor ? siteAddresses(hosted, publisher) : siteAddresses()));
  return sites.get(key) as ReturnType<typeof build>;
};

async function build(addresses: ReturnType<typeof siteAddresses>) {
  const outDir = mkdtempSync(join(tmpdir(), 'tas-docs-hosted-'));
  await buildSite({ ...defaultSiteOptions(), outDir, addresses });
  const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
  /** What a partner copies and runs: the code blocks of the guide pages. */
  const blocks = (file: string) =>
    [...read(file).matchAll(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) => m[1]);
  const runnable = [
    ...blocks('index.html'),
    ...blocks('errors.html'),
    read(DOWNLOADS.environment('sandbox')),
    read(DOWNLOADS.environment('mock')),
    // The reference's samples, as Redoc has them in the page's data.
    ...[...read('reference.html').matchAll(/BASE_URL \?\? '[^']*'|Needs BASE_URL \(the sandbox: [^)]*\)/g)].map(
      (m) => m[0],
    ),
  ].join('\n');
  return { read, runnable };
}

describe('the hosted addresses the site is built for', () => {
  it('are what every command, sample, client example and Postman environment uses', async () => {
    const { read, runnable } = await built('hosted');
    expect(runnable).toContain('https://sandbox.tas.example');
    expect(runnable).toContain('https://mock.tas.example');
    expect(runnable).not.toContain('.example//');
    expect(runnable).not.toContain(LOCAL.sandbox);
    expect(runnable).not.toContain(LOCAL.mock);
    expect(read('index.html')).toContain('the hosted sandbox at <code>https://sandbox.tas.example</code>');
    expect(read('downloads.html')).toMatch(/Hosted for you: the sandbox at .*and the mock at/);
    expect(read('reference.html')).toContain('https://sandbox.tas.example/api/v2');
  });

  it('are what every page speaks of: localhost only where the reader starts a server of their own', async () => {
    const { read } = await built('hosted');
    // The reference's Servers text, the control API's server and description, the client's quick start.
    // The page's policy lets Try it reach a server the reader starts (localhost): a header, not words.
    // So may a sentence that offers one the reader started on their own machine (Try it's targets).
    const words = (file: string) =>
      read(file)
        .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/g, '')
        .replace(/[^.]*(on your machine|you started|your own machine)[^.]*/g, '');
    for (const file of ['reference.html', 'sandbox-control.html', 'client.html', 'index.html', 'errors.html'])
      expect(words(file), file).not.toMatch(/localhost|local (sandbox|mock)/);
    expect(read('sandbox-control.html')).toContain('https://sandbox.tas.example/__sandbox');
    // A URL in code may break after a slash (<wbr>): the words are the same.
    expect(read('client.html').replaceAll('<wbr>', '')).toContain(
      'The mock is hosted at <code>https://mock.tas.example</code>',
    );
    // Downloads: the conformance run checks the hosted sandbox; only the commands that start a server
    // of the reader's own say where it listens.
    const downloads = words('downloads.html');
    expect(downloads).toContain('--base-url https://sandbox.tas.example --provision sandbox');
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
    expect(read('index.html')).toContain('<a href="https://partners.example.org/help">');
    expect(read('index.html')).toContain('mailto:help@partners.example.org');
  });
});
