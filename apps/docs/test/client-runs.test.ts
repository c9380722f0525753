import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMock } from '@tas/mock';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { launch, run, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL } from '../src/guide/addresses.js';
import { textOf } from './page-text.js';

// "With the typed client" as a partner with only the site follows it: an empty folder, the setup commands
// (the tarball copied from the built site where the page says to save it), each example saved under its
// name from the page, then every run command of the page, against a fresh sandbox and the mock; the SMS
// examples' codes typed in from the sandbox's outbox with the page's command.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const page = readFileSync(join(site, 'index.html'), 'utf8');
const section = /<h2 id="client">[\s\S]*?(?=<h2 )/.exec(page)?.[0] ?? '';
const blocks = (html: string) =>
  [...html.matchAll(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) => textOf(m[1] ?? ''));
const [setup = ''] = blocks(section.slice(section.indexOf('id="client-setup"')));
const examples = [
  ...section.matchAll(/<h4><code>([\w-]+\.ts)<\/code><\/h4>\s*<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g),
].map(([, file, source]) => ({ file: file ?? '', source: textOf(source ?? '') }));
const [tsconfig = '', typecheck = ''] = blocks(section.slice(section.indexOf('id="client-tsconfig"')));
// Today's TypeScript, pinned so that the run is the same tomorrow; `npm install typescript` gives the latest.
const TYPESCRIPT_TODAY = '7.0.2';
const [instant = '', sms = '', outbox = '', mockRun = ''] = blocks(section.slice(section.indexOf('id="client-runs"')));

const work = mkdtempSync(join(tmpdir(), 'tas-client-runs-'));
const folder = join(work, 'tas-examples');
let sandbox: Sandbox;
let mock: MockServer;
beforeAll(async () => {
  [sandbox, mock] = await Promise.all([startSandbox({ port: 0 }), startMock({ port: 0 })]);
}, TEST_LIMIT_MS);
afterAll(async () => {
  await Promise.all([sandbox?.close(), mock?.close()]);
  rmSync(work, { recursive: true, force: true });
});

const here = (script: string) => script.replaceAll(LOCAL.sandbox, sandbox.url).replaceAll(LOCAL.mock, mock.url);
// The dependencies come from the npm cache the repository's install filled, when they are there.
const npmEnv = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

describe('the typed-client examples, from an empty folder', () => {
  it(
    'installs as the page says, the tarball saved where it says',
    async () => {
      expect(examples.length).toBeGreaterThanOrEqual(7);
      const file = /npm install \.\/(\S+\.tgz)/.exec(setup)?.[1] ?? '';
      const script = setup.replace(/^# save .*$/m, `cp ${join(site, file)} .`);
      expect(script).not.toBe(setup);
      const installed = await run(['bash', '-c', `set -e\n${script}`], npmEnv, work);
      expect(installed.code, installed.stderr).toBe(0);
      for (const { file: name, source } of examples) writeFileSync(join(folder, name), source);
    },
    TEST_LIMIT_MS,
  );

  it(
    "typechecks every example with the page's tsconfig.json under today's TypeScript, where tsc --init's fails",
    async () => {
      writeFileSync(join(folder, 'tsconfig.json'), tsconfig);
      const pinned = typecheck.replace(/^npm install --save-dev typescript$/m, `$&@${TYPESCRIPT_TODAY}`);
      expect(pinned).not.toBe(typecheck);
      const checked = await run(['bash', '-c', `set -e\n${pinned}\nnpx tsc --version`], npmEnv, folder);
      // npm's own line, then tsc's: nothing (every example fits), then its version.
      expect([checked.code, checked.stdout.trim().split('\n').at(-1)]).toEqual([0, `Version ${TYPESCRIPT_TODAY}`]);
      expect(checked.stdout).not.toMatch(/error TS/);
      // The same examples under the tsconfig.json that `tsc --init` writes: Node's types left out.
      const init = join(folder, 'init');
      mkdirSync(init);
      for (const { file: name, source } of examples) writeFileSync(join(init, name), source);
      const failed = await run(['bash', '-c', 'npx tsc --init >/dev/null && npx tsc -p .'], npmEnv, init);
      expect(failed.code).not.toBe(0);
      expect(failed.stdout).toMatch(/Cannot find name 'process'/);
    },
    TEST_LIMIT_MS,
  );

  it(
    "runs every example on the sandbox, in the page's order, with the codes from its outbox",
    async () => {
      const running = launch(['bash', '-c', `set -eo pipefail\n${here(instant)}\n${here(sms)}`], {
        cwd: folder,
        env: npmEnv,
      });
      // Each SMS example names the mobile the code went to, then waits for the code.
      for (let n = 1; n <= 2; n++) {
        const [, mobile] = await running.waitFor(new RegExp(`(?:code sent to (09\\d+)[\\s\\S]*?){${n}}`));
        const env = { TAS_BASE_URL: sandbox.url, TAS_API_KEY: 'sandbox-key-sms' };
        const { stdout } = await run(['bash', '-c', outbox.replace('MOBILE', mobile ?? '')], env);
        expect(stdout.trim()).toMatch(/^\d+$/);
        running.child.stdin?.write(`${stdout.trim()}\n`);
      }
      const exit = await running.exited;
      const output = running.output();
      expect(exit.code, output).toBe(0);
      for (const line of [
        /authenticated at once: \S+/,
        /finished: true/,
        /: \d+ \/ \d+/,
        /role 1: \S+\nrole 2: \S+/,
        /authenticated: true/,
        /authenticated roles: 1, 2/,
        /[0-9a-f-]{36} [\w-]+ \((standalone|roadmap role \d+)\)/,
      ])
        expect(output).toMatch(line);
    },
    TEST_LIMIT_MS,
  );

  it(
    'runs every example on the mock',
    async () => {
      const ran = await run(['bash', '-c', `set -eo pipefail\n${here(mockRun)}`], npmEnv, folder);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout.match(/authenticated|finished: true|\/ \d+|\(standalone\)/g)?.length).toBeGreaterThanOrEqual(5);
    },
    TEST_LIMIT_MS,
  );
});
