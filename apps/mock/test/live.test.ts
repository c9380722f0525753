import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReady, READY_LIMIT_MS, type Running, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';

// `npm run mock` alone watches the description as npm start does (issue 49): on a copy of openapi/
// (TAS_OPENAPI_DIR), never the repository's own.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-mock-live-'));
const sources = join(work, 'openapi');
cpSync(join(root, 'openapi'), sources, { recursive: true, filter: (p) => !/\/(node_modules|src|test|lib)$/.test(p) });
let mock: Running | undefined;
afterAll(async () => {
  await mock?.stop();
  rmSync(work, { recursive: true, force: true });
});

const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
const example = join(sources, 'components/examples/RecordDetailReady.yaml');

it(
  'npm run mock answers from an edited example with no restart, and keeps it past an invalid edit; --no-watch is in --help',
  async () => {
    const launched = await launchReady(
      ['npm', 'run', '--silent', 'mock', '--', '--port', '0'],
      /listening on (http:\/\/[\d.:]+)\/api\/v2\/[\s\S]*watching /,
      { cwd: root, env: { TAS_OPENAPI_DIR: sources } },
    );
    mock = launched;
    const [, url] = launched.ready;
    const title = async () =>
      (await (await fetch(`${url}/api/v2/record/${TOKEN}/`, { headers: { 'API-KEY': 'any' } })).json()).data
        ?.test_title;
    expect(await title()).not.toBe('Edited alone');

    writeFileSync(
      example,
      readFileSync(example, 'utf8').replace(/^ {4}test_title: .*$/m, '    test_title: Edited alone'),
    );
    await mock.waitFor(/reloaded in [\d.]+ s: answers from it/, TEST_LIMIT_MS - READY_LIMIT_MS);
    expect(await title()).toBe('Edited alone');

    writeFileSync(example, `${readFileSync(example, 'utf8')}value: [unclosed\n`);
    const [said] = await mock.waitFor(/RecordDetailReady\.yaml changed: not valid[^\n]*\n[^\n]*\n/);
    expect(said).toMatch(/components\/examples\/RecordDetailReady\.yaml:\d+:\d+ /);
    expect(await title()).toBe('Edited alone');

    const help = await launchReady(['npm', 'run', '--silent', 'mock', '--', '--help'], /--no-watch/, { cwd: root });
    await help.exited;
  },
  TEST_LIMIT_MS,
);
