import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../src/options.js';
import { run } from '../src/run.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import type { Fault } from './faults/proxy.js';
import { withStack } from './variants/stack.js';

// The result's path is "not shown": a deployment that serves results elsewhere conforms, and with
// --result-path (RunOptions.paths) the suite checks its results there.
const RESULT = /^\/api\/v2\/record\/([^/]+)\/result\/$/;
const MOVED = /^\/api\/v2\/results\/([^/]+)\/$/;
const elsewhere: Fault = {
  answer: (req) => {
    const path = req.path.split('?')[0] ?? '';
    if (!RESULT.test(path)) return undefined;
    const body = { data: {}, successful: false, messages: [{ code: 'not_found', text: 'No such path.' }] };
    return { status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  },
  request: (req) => {
    const token = MOVED.exec(req.path.split('?')[0] ?? '')?.[1];
    return token ? { ...req, path: `/api/v2/record/${token}/result/` } : req;
  },
};
const only = ['result-before-finish', 'results-after-finish'];
const runOn = (url: string, paths?: { getResult: string }) =>
  run({ baseUrl: url, apiKey: MAIN_KEY, otherApiKey: OTHER_KEY, provision: 'sandbox', rate: false, only, paths });

describe('results at another path', () => {
  it.each([
    [
      'without --result-path: the refusal warns, the result could not be read (the path is assumed; exit 2 names --result-path)',
      undefined,
      [
        ['result-before-finish', 'warn', true, []],
        ['results-after-finish', 'skip', false, ['result.path in a profile (--profile FILE), or --result-path']],
      ],
      2,
    ],
    [
      'with --result-path /results/{token}/: the checks pass there',
      { getResult: '/results/{token}/' },
      [
        ['result-before-finish', 'pass', true, []],
        ['results-after-finish', 'pass', true, []],
      ],
      0,
    ],
  ] as const)('%s', async (_name, paths, want, code) => {
    const result = await withStack([elsewhere], (url) => runOn(url, paths));
    expect(result.results.map((r) => [r.id, r.outcome, r.verdict?.reached, r.verdict?.needs ?? []])).toEqual(want);
    expect(result.conforms).toBe(true);
    expect(exitCodeOf(result)).toBe(code);
  });
});

// The listing's path is "not shown" too: with --listing-path every request to the listing goes there,
// the run's first one (the key check) included.
const LISTING = '/api/v2/record/';
const listingElsewhere: Fault = {
  answer: (req) => {
    if (req.method !== 'GET' || (req.path.split('?')[0] ?? '') !== LISTING) return undefined;
    const body = { data: {}, successful: false, messages: [{ code: 'not_found', text: 'No such path.' }] };
    return { status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  },
  request: (req) =>
    req.path.startsWith('/api/v2/records/') ? { ...req, path: req.path.replace('/api/v2/records/', LISTING) } : req,
};
// In run order.
const LISTING_CHECKS = [
  'example.listRecords',
  'missing-api-key',
  'wrong-api-key',
  'tenant-isolation',
  'listing-rule-1',
];

describe('the listing at another path', () => {
  it('with --listing-path /records/: every listing check reads it there and passes', async () => {
    const result = await withStack([listingElsewhere], (url) =>
      run({
        baseUrl: url,
        apiKey: MAIN_KEY,
        otherApiKey: OTHER_KEY,
        provision: 'sandbox',
        rate: false,
        only: LISTING_CHECKS,
        paths: { listRecords: '/records/' },
      }),
    );
    expect(result.results.map((r) => [r.id, r.outcome])).toEqual(LISTING_CHECKS.map((id) => [id, 'pass']));
  });

  it('the key check asks the listing there: a refused key stops the run before any check', async () => {
    const refused = withStack([listingElsewhere], (url) =>
      run({
        baseUrl: url,
        apiKey: 'not-a-key',
        provision: 'sandbox',
        rate: false,
        paths: { listRecords: '/records/' },
      }),
    );
    await expect(refused).rejects.toThrow(
      /the API key was refused \(401 from GET \S+\/api\/v2\/records\/\?page_size=1/,
    );
  });
});
