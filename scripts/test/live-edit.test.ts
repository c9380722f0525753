import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReady, READY_LIMIT_MS, type Running, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';

// The contract author's loop (issue 49), as the author meets it: npm start running, files of the
// description edited on disk, and the three servers answering from the edit with no restart. The
// description's sources are a copy (TAS_OPENAPI_DIR), the site is built in a folder of its own
// (DOCS_OUT_DIR): the repository's openapi/ and apps/docs/dist/ are never touched.
const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-live-edit-'));
// Holding a copy of the site turbo built, npm start builds the working version there and keeps the
// releases' pages, as a live edit does (a bare run without it builds the whole site).
const DIST = join(root, 'apps/docs/dist');
if (existsSync(join(DIST, 'index.html'))) cpSync(DIST, join(work, 'site'), { recursive: true });
const sources = join(work, 'openapi');
cpSync(join(root, 'openapi'), sources, {
  recursive: true,
  filter: (path) => !/\/(node_modules|src|test|lib)$/.test(path),
});
let start: Running | undefined;
afterAll(async () => {
  await start?.stop();
  rmSync(work, { recursive: true, force: true });
});

const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
const edit = (file: string, change: (text: string) => string) => {
  const path = join(sources, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
};
const poll = { timeout: READY_LIMIT_MS, interval: 500 };

it(
  'npm start answers from an edited example and schema with no restart, and keeps the last valid description past an invalid edit',
  async () => {
    start = await launchReady([process.execPath, 'scripts/start.mjs'], /\[watch\] watching .*\n/, {
      cwd: root,
      env: {
        MOCK_PORT: '0',
        SANDBOX_PORT: '0',
        DOCS_PORT: '0',
        DOCS_OUT_DIR: join(work, 'site'),
        TAS_OPENAPI_DIR: sources,
      },
      // The site is built first in its own folder (a warm npm start takes turbo's instead).
      limitMs: TEST_LIMIT_MS - READY_LIMIT_MS / 2,
    });
    const urls = Object.fromEntries([...start.output().matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => [m[1], m[2]]));
    const { mock, sandbox, docs } = urls as Record<'mock' | 'sandbox' | 'docs', string>;
    const record = async () =>
      (await (await fetch(`${mock}record/${TOKEN}/`, { headers: { 'API-KEY': 'any' } })).json()).data?.test_title;
    const verify = (base: string, key: string) =>
      fetch(`${base}record/${TOKEN}/auth/verify/`, {
        method: 'PUT',
        headers: { 'API-KEY': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: '48213', live_note_7f3a: 'x' }),
      }).then((r) => r.status);
    // The working version's pages: at preview/ while it is unreleased (the root is the latest release).
    const version = /^ {2}version: (\S+)$/m.exec(readFileSync(join(sources, 'openapi.yaml'), 'utf8'))?.[1];
    const preview = existsSync(join(sources, 'releases', `${version}.yaml`)) ? '' : 'preview/';
    const reference = async () => (await fetch(`${docs}${preview}reference.html`)).text();

    // Before: the example's title, and a property the schema does not have refused by both API servers.
    expect(await record()).not.toBe('Edited live');
    expect(await verify(mock, 'any')).toBe(400);
    expect(await verify(sandbox, 'sandbox-key-sms')).toBe(400);

    // An open page: it loads the live script (allowed by its own policy: a script of its origin) and listens.
    const page = await fetch(`${docs}reference.html`);
    expect(await page.text()).toContain('<script src="/__live.js"></script>');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const events = await fetch(`${docs}__live`);
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const reader = events.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const told = (async () => {
      let text = '';
      while (!text.includes('event: reload')) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
      return text;
    })();

    // An example and a schema edited on disk, as an editor saves them.
    edit('components/examples/RecordDetailReady.yaml', (t) =>
      t.replace(/^ {4}test_title: .*$/m, '    test_title: Edited live'),
    );
    // Bounded: Spectral's rules (npm run lint's) refuse a string without a maxLength.
    edit(
      'components/schemas/RecordVerifyRequest.yaml',
      (t) => `${t}  live_note_7f3a:\n    type: string\n    maxLength: 40\n`,
    );

    await expect.poll(record, poll).toBe('Edited live');
    await expect.poll(() => verify(mock, 'any'), poll).not.toBe(400);
    // The sandbox validates against the edit: the body passes, on to what the record's state answers.
    await expect.poll(() => verify(sandbox, 'sandbox-key-sms'), poll).not.toBe(400);
    await expect.poll(reference, poll).toContain('live_note_7f3a');
    expect(await reference()).toContain('Edited live');
    expect(await told).toContain('event: reload');
    const output = start.output();
    expect(output).toMatch(/\[watch\] .*components\/examples\/RecordDetailReady\.yaml.* changed: bundled and linted/);
    expect(output).toMatch(/\[watch\] .*components\/schemas\/RecordVerifyRequest\.yaml.* changed: bundled and linted/);
    for (const app of ['mock', 'sandbox', 'docs'])
      expect(output).toMatch(new RegExp(`\\[${app}\\] reloaded in [\\d.]+ s: `));

    // An invalid edit: reported at its file and line in the lint's words, and nothing is reloaded.
    edit('components/schemas/RecordVerifyRequest.yaml', (t) => t.replace(/^type: object$/m, 'type: objekt'));
    const [said] = await start.waitFor(
      /\[watch\] components\/schemas\/RecordVerifyRequest\.yaml changed: not valid[^\n]*\n.*\n/,
    );
    expect(said).toMatch(/components\/schemas\/RecordVerifyRequest\.yaml:1:7 error struct: `type` can be one of/);
    // All three keep serving the last valid description.
    expect(await record()).toBe('Edited live');
    expect(await verify(mock, 'any')).not.toBe(400);
    expect(await verify(sandbox, 'sandbox-key-sms')).not.toBe(400);
    expect(await reference()).toContain('live_note_7f3a');
    expect(start.output()).not.toContain('stopped');
    expect(start.child.exitCode).toBe(null);
  },
  TEST_LIMIT_MS + 3 * READY_LIMIT_MS,
);
