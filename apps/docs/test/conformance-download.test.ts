import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@tas/sandbox';
import { run, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL } from '../src/guide/addresses.js';
import { codeBlocks } from './page-text.js';

// The conformance suite as QA with only the site gets it: the tarball downloaded from the built site
// into an empty folder, then the commands Downloads shows for it, as written, against a sandbox.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const page = readFileSync(join(site, 'downloads.html'), 'utf8');
const section = /<h2 id="conformance">[\s\S]*?(?=<h2 )/.exec(page)?.[0] ?? '';
const [commands = ''] = codeBlocks(section);
const work = mkdtempSync(join(tmpdir(), 'tas-conformance-download-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the conformance suite from its download', () => {
  it('is on Downloads after the sandbox and the mock, and the pages that name the suite lead there', () => {
    const order = ['id="servers"', 'id="conformance"', 'id="description"'].map((id) => page.indexOf(id));
    expect(order.every((at, i) => at > (order[i - 1] ?? -1))).toBe(true);
    expect(readFileSync(join(site, 'assumptions.html'), 'utf8')).toContain('href="downloads.html#conformance"');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('href="downloads.html#conformance"');
  });

  it(
    'in an empty folder, the checksum matches and the command checks a sandbox: it conforms',
    async () => {
      const [check = '', keys = '', start = ''] = commands.trim().split('\n');
      const file = /\.\/(\S+\.tgz)/.exec(start)?.[1] ?? '';
      expect(file).toMatch(/^tas-conformance-\d+\.\d+\.\d+\.tgz$/);
      const folder = mkdtempSync(join(work, 'qa-'));
      copyFileSync(join(site, file), join(folder, file));

      const promised = /# prints (\w+)/.exec(check)?.[1];
      const summed = await run(['sh', '-c', check.replace(/#.*/, '')], {}, folder);
      expect(summed.stdout.split(/\s+/)[0]).toBe(promised);

      // The only changes to the command: the test's own sandbox on a free port, and no pacing (the
      // page's run is paced to the rate limit of a hosted sandbox; this one has none).
      expect(start).toContain(`--base-url ${LOCAL.sandbox} `);
      const sandbox = await startSandbox({ port: 0, rateLimit: false });
      try {
        const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
        const line = `${keys} && ${start.replace(LOCAL.sandbox, sandbox.url)} --no-pacing`;
        const ran = await run(['sh', '-c', line], env, folder);
        expect(ran.stderr + ran.stdout).toMatch(/: the target conforms$/m);
        expect(ran.code).toBe(0);
        expect(readFileSync(join(folder, 'report.html'), 'utf8')).toContain('<html');
      } finally {
        await sandbox.close();
      }
    },
    TEST_LIMIT_MS,
  );
});
