import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { fileSandbox } from './helpers.js';

// The README's own curl lines, run against a real sandbox on a free port.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const curls = [...readme.matchAll(/^curl (.+)$/gm)].map((m) => m[1] as string);

const sandbox = fileSandbox();

/** `-H 'K: V' ... 'URL'` as a fetch of the same URL on this sandbox. */
function parse(line: string) {
  const headers = Object.fromEntries(
    [...line.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1] as string, m[2] as string]),
  );
  const url = /'(http:\/\/localhost:4020[^']*)'/.exec(line)?.[1];
  return { headers, url };
}

it('the README shows a curl line', () => {
  expect(curls.length).toBeGreaterThan(0);
});

it.each(curls)('curl %s answers 200 with what it asks for', async (line) => {
  const { headers, url } = parse(line);
  expect(url).toBeDefined();
  const target = new URL(url ?? '');
  const res = await fetch(`${sandbox.url}${target.pathname}${target.search}`, { headers });
  const body = await res.json();
  expect([res.status, body.successful]).toEqual([200, true]);
  if (target.searchParams.get('status') === '2') {
    expect(body.data.results.length).toBeGreaterThan(0);
    for (const record of body.data.results) expect(record.status).toBe(2);
  }
});
