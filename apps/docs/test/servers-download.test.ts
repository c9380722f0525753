import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMS_THROTTLE } from '@tas/sandbox';
import { API_WANT, malformedRequests, sendRaw } from '@tas/serve/malformed';
import { launch, run, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { textOf } from './page-text.js';

// The sandbox and the mock as a partner with only the site gets them: the tarball downloaded from the
// built site into an empty folder, then the commands Downloads shows for it, as written.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const page = readFileSync(join(site, 'downloads.html'), 'utf8');
const section = /<h2 id="servers">[\s\S]*?(?=<h2 )/.exec(page)?.[0] ?? '';
/** Each server's heading (its bin) with the commands of its first code block. */
const servers = [
  ...section.matchAll(
    /<h3 id="([\w-]+)">[\s\S]*?<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>[\s\S]*?<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g,
  ),
].map(([, bin, block, anywhere]) => ({
  bin: bin ?? '',
  commands: textOf(block ?? '')
    .trim()
    .split('\n'),
  /** The command for any folder, inside a project too. */
  anywhere: textOf(anywhere ?? '').trim(),
}));
const work = mkdtempSync(join(tmpdir(), 'tas-servers-download-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The only change to a command: a free port (--port 0), so that the run does not depend on 4020/4010,
// bound to every interface (--host 0.0.0.0) as a hosted server is, which each must say and warn of.
const ROWS = [
  { bin: 'tas-sandbox', key: 'sandbox-key-instant', control: true, warning: /public keys .*\/__sandbox\// },
  { bin: 'tas-mock', key: 'any-key', control: false, warning: /can call it/ },
];
// Headers a server once choked on or let through (issue 30), sent to the listing each serves.
const ATTACKS = [
  'Accept: a/b;c (a parameter without a value)',
  'Accept: / (no type)',
  'Accept: ;;; (separators only)',
  'Accept: */*;q=0 (refuses every type)',
  'two Host headers',
  'too many header fields (2,100)',
] as const;

describe('the sandbox and the mock from their downloads', () => {
  it('offers both on Downloads, between the client and the description', () => {
    expect(servers.map((s) => s.bin)).toEqual(ROWS.map((r) => r.bin));
    const order = ['id="client"', 'id="servers"', 'id="description"', 'id="postman"'].map((id) => page.indexOf(id));
    expect(order.every((at, i) => at > (order[i - 1] ?? -1))).toBe(true);
  });

  // npm resolves `./file` from a project's root: the page's second form names the file by its full path.
  // Shown with the mock (the same form as the sandbox's, which would compile its SQLite driver for a new
  // npx cache entry), in a folder whose path stays the same from run to run, so npx reuses its install.
  it('tas-mock: the command for any folder starts it inside a project, where ./ fails', async () => {
    const server = servers.find((s) => s.bin === 'tas-mock');
    const file = /\/(tas-mock-\S+\.tgz)"/.exec(server?.anywhere ?? '')?.[1] ?? '';
    expect(server?.anywhere).toBe(`npx --yes --package "$PWD/${file}" tas-mock`);
    const project = join(tmpdir(), 'tas-docs-any-folder', 'partner-app');
    rmSync(project, { recursive: true, force: true });
    const folder = join(project, 'tools');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(project, 'package.json'), '{"name":"partner-app","version":"1.0.0","private":true}\n');
    copyFileSync(join(site, file), join(folder, file));
    const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
    const relative = await run(['sh', '-c', `${server?.commands[1]} --help`], env, folder);
    expect(relative.code).not.toBe(0);
    const help = await run(['sh', '-c', `${server?.anywhere} --help`], env, folder);
    expect(help.stdout).toContain('Usage: tas-mock [options]');
  });

  it.each(ROWS)(
    '$bin: in an empty folder, the checksum matches and the one command serves the API',
    async ({ bin, key, control, warning }) => {
      const server = servers.find((s) => s.bin === bin);
      const [check, start] = server?.commands ?? [];
      const file = /\.\/(\S+\.tgz)/.exec(start ?? '')?.[1] ?? '';
      expect(file).toMatch(new RegExp(`^${bin}-\\d+\\.\\d+\\.\\d+\\.tgz$`));
      const folder = mkdtempSync(join(work, `${bin}-`));
      copyFileSync(join(site, file), join(folder, file));

      // sha256sum prints the sum the page promised after "# prints".
      const promised = /# prints (\w+)/.exec(check ?? '')?.[1];
      const summed = await run(['sh', '-c', (check ?? '').replace(/#.*/, '')], {}, folder);
      expect(summed.stdout.split(/\s+/)[0]).toBe(promised);

      // The dependencies come from the npm cache the repository's install filled, when they are there.
      const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
      // The package's own README (what npm shows) starts it with the same command, and it carries its licence.
      const listing = await run(['tar', '-xzf', file, '-O', 'package/README.md'], {}, folder);
      const version = /-(\d+\.\d+\.\d+)\.tgz$/.exec(file)?.[1] ?? '';
      expect(listing.stdout.replaceAll('<version>', version)).toContain(start);
      expect((await run(['tar', '-tzf', file], {}, folder)).stdout).toContain('package/LICENSE');

      const help = await run(['sh', '-c', `${start} --help`], env, folder);
      expect(help.stdout).toContain(`Usage: ${bin} [options]`);
      // A hosted sandbox states what one key may hold and cost (issue 30).
      if (control) expect(help.stdout).toMatch(/Per key: at most [\d,]+ records/);

      const running = launch(['sh', '-c', `${start} --port 0 --host 0.0.0.0`], { cwd: folder, env });
      try {
        // The address bound is the one printed (it once printed 127.0.0.1), and the exposure is warned of.
        const [, port] = await running.waitFor(/listening on http:\/\/0\.0\.0\.0:(\d+)/);
        const [line = ''] = await running.waitFor(/^warning: .*$/m);
        expect(line).toMatch(
          new RegExp(
            `^warning: the ${bin.replace('tas-', '')} listens on http://0\\.0\\.0\\.0:${port} \\(every interface\\): anyone`,
          ),
        );
        expect(line).toMatch(warning);
        const url = `http://127.0.0.1:${port}`;
        const rows = malformedRequests({ prefix: '/api/v2', headers: { 'API-KEY': key }, get: '/api/v2/record/' });
        for (const name of ATTACKS) {
          const answer = await sendRaw(url, rows[name]);
          expect([name, answer.status]).toEqual([name, API_WANT[name]]);
          expect([name, answer.body.length > 0]).toEqual([name, true]);
        }
        const listing = await fetch(`${url}/api/v2/record/`, { headers: { 'API-KEY': key } });
        expect(listing.status).toBe(200);
        expect(await listing.json()).toMatchObject({ successful: true });
        if (control) {
          const outbox = await fetch(`${url}/__sandbox/sms/?mobile=09121234567`, {
            headers: { 'API-KEY': 'sandbox-key-sms' },
          });
          expect(outbox.status).toBe(200);
          // Issue 30's attack on the downloaded sandbox: codes sent at once to one number pass only its throttle.
          const sms = { 'API-KEY': 'sandbox-key-sms', 'Content-Type': 'application/json' };
          const made = await Promise.all(
            Array.from({ length: 8 }, () =>
              fetch(`${url}/__sandbox/records/`, {
                method: 'POST',
                headers: sms,
                body: '{"test_id":"career-interest"}',
              }),
            ),
          );
          const tokens = await Promise.all(
            made.map(async (r) => ((await r.json()) as { data: { token: string } }).data.token),
          );
          const profile = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };
          const sent = await Promise.all(
            tokens.map((token) =>
              fetch(`${url}/api/v2/record/${token}/auth/`, {
                method: 'POST',
                headers: sms,
                body: JSON.stringify({ mobile: '09124440000', profile }),
              }),
            ),
          );
          const statuses = sent.map((r) => r.status);
          expect(statuses.filter((s) => s === 200)).toHaveLength(SMS_THROTTLE.codes);
          expect(statuses.filter((s) => s === 400)).toHaveLength(tokens.length - SMS_THROTTLE.codes);
        }
      } finally {
        await running.stop('SIGINT');
      }
    },
    TEST_LIMIT_MS,
  );
});
