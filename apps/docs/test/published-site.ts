import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, TEST_LIMIT_MS, tsxCommand } from '@tas/serve/testing';
import { inject } from 'vitest';

// The site as a partner publishes it: built for a hosted sandbox and mock and a support contact,
// with addresses as long as a real partner domain makes them, and the licence's address from the
// environment, as a CI job would set it. hosted-addresses.test.ts reads what it says, phone-laptop.test.ts
// looks at it in a browser: a whole versioned build takes a minute or more, so one run builds it once.
const BUILD_CLI = fileURLToPath(new URL('../src/cli/build.ts', import.meta.url));
const HOST = 'partners.test-administration.example.org';
export const PUBLISHED = {
  sandbox: `https://sandbox.${HOST}`,
  // Given with a trailing slash, as people paste it: no sample may say `…org//`.
  mock: `https://mock.${HOST}/`,
  supportUrl: `https://${HOST}/support/contact-us`,
  supportEmail: `partner-support@${HOST}`,
  licenseName: 'Test Administration Service partner agreement, 2026 edition',
  licenseUrl: `https://${HOST}/legal/partner-agreement`,
};
const FLAGS = [
  ['--sandbox-url', PUBLISHED.sandbox],
  ['--mock-url', PUBLISHED.mock],
  ['--support-url', PUBLISHED.supportUrl],
  ['--support-email', PUBLISHED.supportEmail],
  ['--license-name', PUBLISHED.licenseName],
].flat();
const ENV = {
  ...Object.fromEntries(
    ['SANDBOX_URL', 'MOCK_URL', 'SUPPORT_URL', 'SUPPORT_EMAIL', 'LICENSE_NAME'].map((n) => [`TAS_DOCS_${n}`, '']),
  ),
  TAS_DOCS_LICENSE_URL: PUBLISHED.licenseUrl,
};

/**
 * The published site's folder, built by the first test file of this run that asks (`npm run build`'s
 * command line, in a process of its own); a file that asks meanwhile waits for that build to end.
 */
export async function publishedSite(): Promise<string> {
  const out = join(inject('sharedBuilds'), 'published');
  const [done, failed] = [`${out}.done`, `${out}.failed`];
  let mine = true;
  try {
    mkdirSync(`${out}.lock`);
  } catch {
    mine = false;
  }
  if (mine) {
    const built = await run(tsxCommand(BUILD_CLI, ['--out', out, ...FLAGS]), ENV);
    writeFileSync(built.code === 0 ? done : failed, `exit ${built.code}\n${built.stderr}`);
  }
  const limit = Date.now() + 2 * TEST_LIMIT_MS;
  while (!existsSync(done) && !existsSync(failed) && Date.now() < limit)
    await new Promise((resolve) => setTimeout(resolve, 250));
  if (existsSync(failed)) throw new Error(`the published site's build failed: ${readFileSync(failed, 'utf8')}`);
  if (!existsSync(done)) throw new Error(`the published site's build did not end within ${2 * TEST_LIMIT_MS} ms`);
  return out;
}
