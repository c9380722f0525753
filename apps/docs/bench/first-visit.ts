// What a partner waits for, opening a link to one operation on a phone: our reference against
// Redocly's default `build-docs` output of the same description (its script hosted beside the page),
// side by side in one run, in Chromium under Lighthouse's mobile profile. Flags are read here only.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launchChromium } from '@tas/browser';
import { parseCommandLine } from '@tas/serve';
import type { BrowserContext } from 'playwright-core';
import { parse } from 'yaml';
import { compressSite } from '../src/builder/compress.js';
import { withPagePolicy } from '../src/builder/page-policy.js';
import { operationsOf } from '../src/builder/prerender.js';
import { buildVersionedSite } from '../src/builder/versions.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';

const HELP = `Usage: npm run bench -w @tas/docs [-- --ops <n>] [-- --runs <n>]

Builds the site and Redocly's default build-docs page of the same description into temporary folders,
serves both with gzip, and opens operations by their deep link (#operation/<id>) in Chromium under
Lighthouse's mobile profile (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), a fresh
cache each time. Prints the medians of the time until the operation's heading is on screen and their
ratio, the bytes of a first visit and of a second Redoc page, and the site's size.

Options:
  --ops <n>    how many operations, spread over the description (default 3; 0 = all)
  --runs <n>   loads per operation and page (default 3)`;

const values = parseCommandLine(
  'npm run bench -w @tas/docs',
  HELP,
  { ops: { type: 'string' }, runs: { type: 'string' } },
  process.argv.slice(2),
);
const RUNS = Number(values.runs ?? 3);
const OPS = Number(values.ops ?? 3);

const PROFILE = { latency: 150, downloadThroughput: (1.6e6 / 8) * 1, uploadThroughput: 750e3 / 8, cpu: 4 };
const require = createRequire(import.meta.url);
const redoclyBin = require.resolve('@redocly/cli/bin/cli.js');
const standalone = join(dirname(redoclyBin), '..', 'lib', 'chunks', 'redoc.standalone.js');

const work = mkdtempSync(join(tmpdir(), 'tas-docs-bench-'));
const ours = join(work, 'site');
const theirs = join(work, 'redocly-default');
const options = { ...defaultSiteOptions(), outDir: ours };

console.log('bench: building the site and the Redocly default page…');
await buildVersionedSite(options);
mkdirSync(theirs);
// The description the root's reference renders (the latest release: a partner's link lands there).
const description = join(ours, 'openapi.yaml');
const built = spawnSync(
  process.execPath,
  [redoclyBin, 'build-docs', description, '--output', join(theirs, 'reference.html')],
  { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, encoding: 'utf8' },
);
if (built.status !== 0) throw new Error(`redocly build-docs failed:\n${built.stderr}${built.stdout}`);
// The default page loads redoc.standalone.js from Redocly's CDN: the same file, beside the page.
const page = readFileSync(join(theirs, 'reference.html'), 'utf8');
const cdn = /https:\/\/cdn\.redocly\.com\/[^"]+\/redoc\.standalone\.js/.exec(page)?.[0];
if (!cdn) throw new Error('the default page no longer loads Redoc from the CDN: review bench/first-visit.ts');
// Served as ours is, under a policy of its own (its inline scripts by their hashes): the docs server sends a
// page without one a policy that runs no inline script at all.
writeFileSync(join(theirs, 'reference.html'), withPagePolicy(page.replaceAll(cdn, './redoc.standalone.js'), []));
copyFileSync(standalone, join(theirs, 'redoc.standalone.js'));
compressSite(theirs);

const doc = parse(readFileSync(description, 'utf8'));
const all = operationsOf(doc);
const step = OPS > 0 ? Math.max(1, Math.floor(all.length / OPS)) : 1;
const picked = (OPS > 0 ? all.filter((_, i) => i % step === 0).slice(0, OPS) : all).map((o) => o);

const oursServer = await serveDocs({ dir: ours, port: 0 });
const theirsServer = await serveDocs({ dir: theirs, port: 0 });
const browser = await launchChromium();

/**
 * Notes, from navigation start, when a heading that ends with the summary is first inside the
 * viewport. A string: tsx's helpers would not exist in the page.
 */
const watchHeading = (summary: string) => `(function () {
  var summary = ${JSON.stringify(summary)};
  function check() {
    if (window.__visibleAt) return;
    var hs = document.querySelectorAll('h1, h2, h3');
    for (var i = 0; i < hs.length; i++) {
      var h = hs[i], t = (h.textContent || '').trim();
      if (t.slice(-summary.length) !== summary) continue;
      var r = h.getBoundingClientRect();
      if (r.height > 0 && r.bottom > 0 && r.top < innerHeight && getComputedStyle(h).visibility !== 'hidden') {
        window.__visibleAt = performance.now();
        return;
      }
    }
    setTimeout(check, 25);
  }
  check();
})();`;

interface Load {
  ms: number;
  bytes: number;
  left: number;
}

/** One page load in `context` under the profile: time to the heading, bytes over the wire, requests refused. */
async function load(context: BrowserContext, url: string, summary?: string): Promise<Load> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  // Nothing leaves the host (the default page's Redocly logo would): refused and counted.
  await cdp.send('Network.setBlockedURLs', { urls: ['https://*'] });
  let bytes = 0;
  let left = 0;
  let active = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    active = Date.now();
  });
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    active = Date.now();
  });
  cdp.on('Network.loadingFailed', (e: { blockedReason?: string }) => {
    if (e.blockedReason) left++;
  });
  if (!summary) {
    // A page to count bytes of: loaded, and its requests done.
    await tab.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await tab.close();
    return { ms: 0, bytes, left };
  }
  await tab.addInitScript(watchHeading(summary));
  await tab.goto(url, { waitUntil: 'commit' });
  // Asked from outside, every 100 ms: waitForFunction polls with code the page's policy refuses to evaluate.
  let ms: number | undefined;
  for (const until = Date.now() + 120_000; ms === undefined && Date.now() < until; )
    ms = await tab
      .evaluate(() => (window as unknown as { __visibleAt?: number }).__visibleAt)
      .then((v) => v ?? new Promise<undefined>((r) => setTimeout(r, 100)));
  if (ms === undefined) throw new Error(`${url}: the heading "${summary}" was not on screen within 120 s`);
  // The whole first visit: the renderer too, once the page has loaded and gone quiet.
  await tab.waitForLoadState('load', { timeout: 120_000 }).catch((e) => {
    throw new Error(`${url}: no load event within 120 s of the heading (${(e as Error).message})`);
  });
  // Then quiet: no request sent or finished for a second (Playwright's networkidle was seen to wait
  // past 120 s on a busy machine with nothing in flight), at most 60 s.
  for (const until = Date.now() + 60_000; Date.now() - active < 1000 && Date.now() < until; )
    await new Promise((r) => setTimeout(r, 200));
  await tab.close();
  return { ms, bytes, left };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const times = { ours: [] as number[], theirs: [] as number[] };
const firstBytes = { ours: [] as number[], theirs: [] as number[] };
const secondBytes: number[] = [];
const left = { ours: 0, theirs: 0 };
console.log(
  `bench: ${picked.length} of ${all.length} operations × ${RUNS} runs, each page in a fresh browser context (cold cache)`,
);
for (const op of picked) {
  const row: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Side by side: each run opens both, in turn, so that the machine's load falls on both alike.
    for (const [name, server] of [
      ['ours', oursServer],
      ['theirs', theirsServer],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const first = await load(context, `${server.url}/reference.html#operation/${op.operationId}`, op.summary);
      times[name].push(first.ms);
      firstBytes[name].push(first.bytes);
      left[name] += first.left;
      if (name === 'ours' && run === 0) {
        // A second Redoc page on the same visit: what is not cached already.
        const second = await load(context, `${server.url}/sandbox-control.html`);
        secondBytes.push(second.bytes);
      }
      await context.close();
    }
  }
  row.push(`ours ${s(median(times.ours.slice(-RUNS)))}`, `Redocly default ${s(median(times.theirs.slice(-RUNS)))}`);
  console.log(`  ${op.operationId}: ${row.join(', ')}`);
}

const sizeOf = (dir: string, keep: (f: string) => boolean = () => true): number =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && keep(f))
    .reduce((sum, f) => sum + statSync(f).size, 0);
const plain = (f: string) => !/\.(br|gz)$/.test(f);
const versionDirs = readdirSync(join(ours, 'v'));
const renderers = readdirSync(ours, { recursive: true, encoding: 'utf8' }).filter((f) =>
  /redoc\.[0-9a-f]+\.js$/.test(f),
);

const [a, b] = [median(times.ours), median(times.theirs)];
console.log(`
time to the linked operation's heading on screen (median of ${times.ours.length} loads each):
  ours              ${s(a)}
  Redocly default   ${s(b)}
  ratio             ${(a / b).toFixed(2)} (target: under 1 s and at most 0.10)
bytes of a first visit (median): ours ${kB(median(firstBytes.ours))}, Redocly default ${kB(median(firstBytes.theirs))}
bytes of a second Redoc page (sandbox-control.html, same visit): ${kB(median(secondBytes))} (target: at most 100 kB)
site: ${kB(sizeOf(ours, plain))} (${kB(sizeOf(ours))} with its .br and .gz), ${versionDirs.length} version folder(s) under v/ of ${versionDirs
  .map((v) => kB(sizeOf(join(ours, 'v', v), plain)))
  .join(', ')}; Redoc's script: ${renderers.join(', ')} (${kB(statSync(join(ours, renderers[0] ?? '')).size)}), once
requests that tried to leave the host (refused): ours ${left.ours}, Redocly default ${left.theirs} (its logo, from cdn.redoc.ly)`);

await browser.close();
await oursServer.close();
await theirsServer.close();
rmSync(work, { recursive: true, force: true });
