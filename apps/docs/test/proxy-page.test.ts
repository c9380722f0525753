import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@tas/sandbox';
import { run, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL } from '../src/guide/addresses.js';
import { codeBlocks } from './page-text.js';

// "Judge real traffic" as QA with only the site follows it: the suite's tarball in an empty folder,
// the page's command that starts the proxy, the page's curl through it, then Ctrl-C.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const page = readFileSync(join(site, 'proxy.html'), 'utf8');
const [start = '', newman = '', client = '', curl = ''] = codeBlocks(page);
const work = mkdtempSync(join(tmpdir(), 'tas-proxy-page-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the proxy page', () => {
  it('is linked from the conformance suite on Downloads; every command points the client at the proxy', () => {
    expect(readFileSync(join(site, 'downloads.html'), 'utf8')).toContain('href="proxy.html"');
    for (const command of [newman, client, curl]) expect(command).toContain('http://localhost:5900');
  });

  it(
    'in an empty folder, its command starts the proxy; its curl passes through; Ctrl-C prints the summary, writes the report',
    async () => {
      const file = /\.\/(\S+\.tgz)/.exec(start)?.[1] ?? '';
      const folder = mkdtempSync(join(work, 'qa-'));
      copyFileSync(join(site, file), join(folder, file));
      const sandbox = await startSandbox({ port: 0, rateLimit: false });
      try {
        // The only changes: the test's sandbox for the page's, and a free port for 5900.
        expect(start).toContain(`--upstream ${LOCAL.sandbox} --port 5900`);
        const line = start.replace(LOCAL.sandbox, sandbox.url).replace('--port 5900', '--port 0');
        const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
        const child = spawn('sh', ['-c', line], { cwd: folder, env: { ...process.env, ...env }, detached: true });
        let out = '';
        const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (c) => {
            out += c;
            const at = /listening on (http:\/\/\S+),/.exec(out)?.[1];
            if (at) resolve(at);
          });
          child.on('close', () => reject(new Error(`the proxy stopped before it listened: ${out}`)));
        });
        const through = await run(['sh', '-c', curl.replace('http://localhost:5900', url)], {
          TAS_API_KEY: 'sandbox-key-sms',
        });
        expect(JSON.parse(through.stdout).successful).toBe(true);
        // Ctrl-C: SIGINT to the terminal's whole process group.
        process.kill(-(child.pid as number), 'SIGINT');
        await exited;
        expect(out).toMatch(/1 exchanges passed to .*: 1 judged.*\n.*\n.*no stated failure in what passed$/m);
        expect(out).not.toContain('sandbox-key-sms');
        expect(existsSync(join(folder, 'proxy.html'))).toBe(true);
      } finally {
        await sandbox.close();
      }
    },
    TEST_LIMIT_MS,
  );
});
