// `npm start`, cold and warm (issue 49): the time from the command to all three servers answering,
// first with every build it needs done again (TURBO_FORCE: a fresh clone's first start, or one after
// a change that reaches everything), then again with nothing changed (turbo's cache: the builds are
// restored, the docs site included). Prints both and their ratio. Run by `npm run bench`.
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
