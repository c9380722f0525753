// `npm start`, cold and warm (issue 49): the time from the command to all three servers answering,
// first with every build it needs done again (TURBO_FORCE: a fresh clone's first start, or one after
// a change that reaches everything), then again with nothing changed (turbo's cache: the builds are
// restored, the docs site included). Prints both and their ratio; then, with npm start watching a copy
// of the description, the time from an example saved on disk to each server answering from it and an
// open page told to reload. Run by `npm run bench`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReady, TEST_LIMIT_MS } from '@tas/serve/testing';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function timedStart(env: Record<string, string>): Promise<number> {
  const began = performance.now();
  const start = await launchReady(['npm', 'start', '--', '--no-watch'], /\n {2}docs +http:\S+\n/, {
    cwd: root,
    env: { MOCK_PORT: '0', SANDBOX_PORT: '0', DOCS_PORT: '0', ...env },
    limitMs: 2 * TEST_LIMIT_MS,
  });
  const urls = [...start.output().matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => m[2] as string);
  const statuses = await Promise.all(
    urls.map((url) => fetch(`${url}${url.endsWith('/api/v2/') ? 'record/' : ''}`, { headers: { 'API-KEY': 'any' } })),
  );
  const took = (performance.now() - began) / 1000;
  await start.stop();
  if (urls.length !== 3 || statuses.some((r) => r.status >= 500))
    throw new Error(`npm start did not serve all three:\n${start.output()}`);
  return took;
}

const cold = await timedStart({ TURBO_FORCE: 'true' });
const warm = await timedStart({});
console.log(`npm start, until the mock, the sandbox and the docs answer:`);
console.log(`  cold (every build it needs run again): ${cold.toFixed(1)} s`);
console.log(`  warm (nothing changed: turbo's cache):  ${warm.toFixed(1)} s`);
console.log(`  cold / warm: ${(cold / warm).toFixed(1)}×`);

/** Seconds from an example saved on disk to each server's reload, and to an open docs page told to reload. */
async function liveEdit(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tas-bench-live-'));
  const sources = join(work, 'openapi');
  cpSync(join(root, 'openapi'), sources, { recursive: true, filter: (p) => !/\/(node_modules|src|test|lib)$/.test(p) });
  const start = await launchReady([process.execPath, 'scripts/start.mjs'], /\[watch\] watching .*\n/, {
    cwd: root,
    env: {
      MOCK_PORT: '0',
      SANDBOX_PORT: '0',
      DOCS_PORT: '0',
      DOCS_OUT_DIR: join(work, 'site'),
      TAS_OPENAPI_DIR: sources,
    },
    limitMs: 2 * TEST_LIMIT_MS,
  });
  try {
    const docs = /^ {2}docs +(http:\S+)$/m.exec(start.output())?.[1];
    const events = await fetch(`${docs}__live`);
    const reader = events.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const file = join(sources, 'components/examples/RecordDetailReady.yaml');
    const began = performance.now();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^ {4}test_title: .*$/m, '    test_title: Edited live'));
    for (let text = ''; !text.includes('event: reload'); ) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the docs server closed its events:\n${start.output()}`);
      text += new TextDecoder().decode(value);
    }
    const page = (performance.now() - began) / 1000;
    await start.waitFor(/\[docs\] reloaded in [\d.]+ s/);
    console.log('an example edited while npm start runs, until each server answers from it:');
    const linted = /changed: bundled and linted in ([\d.]+ s)/.exec(start.output())?.[1];
    console.log(`  bundled and linted (once, for all three): ${linted}`);
    for (const [, app, seconds] of start.output().matchAll(/\[(mock|sandbox|docs)\] reloaded in ([\d.]+) s/g))
      console.log(`  ${app}: ${seconds} s after the bundle`);
    console.log(`  an open docs page told to reload: ${page.toFixed(1)} s after the save`);
  } finally {
    await start.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
await liveEdit();
