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

async function built(addresses = siteAddresses()) {
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
    ...[...read('reference.html').matchAll(/BASE_URL = '[^']*'|Needs BASE_URL \(the sandbox: [^)]*\)/g)].map(
      (m) => m[0],
    ),
  ].join('\n');
  return { read, runnable };
}

describe('the hosted addresses the site is built for', () => {
  it('are what every command, sample, client example and Postman environment uses', async () => {
    const { read, runnable } = await built(siteAddresses(hosted));
    expect(runnable).toContain('https://sandbox.tas.example');
    expect(runnable).toContain('https://mock.tas.example');
    expect(runnable).not.toContain('.example//');
    expect(runnable).not.toContain(LOCAL.sandbox);
    expect(runnable).not.toContain(LOCAL.mock);
    expect(read('index.html')).toContain('the hosted sandbox at <code>https://sandbox.tas.example</code>');
    expect(read('downloads.html')).toMatch(/Hosted for you: the sandbox at .*and the mock at/);
    expect(read('reference.html')).toContain('https://sandbox.tas.example/api/v2');
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
