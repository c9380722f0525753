import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDescription } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../src/cli.js';
import { parseProfile } from '../../src/profile/load.js';
import { resolveProfile, settingsOf } from '../../src/profile/resolve.js';

// `profile init`, `profile --from-openapi` and `--profile` as a user meets them: the CLI, files on disk,
// a description served over loopback HTTP.

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), env: {} });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'tas-profile-'));
const FOURTH = new URL('../variants/fourth.openapi.yaml', import.meta.url);
const fourthText = readFileSync(FOURTH, 'utf8');

// The fourth deployment's description as a 3.0 JSON document, served over HTTP.
let server: ReturnType<typeof createServer>;
let served = '';
beforeAll(async () => {
  // Without its result path: that setting is not found.
  const doc = parse(fourthText) as { paths: Record<string, unknown> };
  delete doc.paths['/record/{token}/result/'];
  const json = { ...doc, openapi: '3.0.3' };
  server = createServer((req, res) =>
    req.url === '/openapi.json'
      ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json))
      : res.writeHead(404).end('no'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('tas-conformance profile', () => {
  it('init writes every setting at its default, commented, and never over a file', async () => {
    const file = join(dir, 'init.yaml');
    const first = await cli(['profile', 'init', file]);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Wrote ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# .*deployment profile/);
    expect(text).toContain('# Where the listing is served');
    const resolved = resolveProfile(loadDescription(), parseProfile(text, file));
    expect(settingsOf(resolved).filter((s) => s.source !== 'profile' || !s.isDefault)).toEqual([]);
    const again = await cli(['profile', 'init', file]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('the file exists; not overwritten');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('plan prints every setting in effect and where it came from', async () => {
    const file = join(dir, 'plan.yaml');
    writeFileSync(file, 'code_field: otp\nlisting:\n  path: /records/\n');
    const { code, out } = await cli(['plan', '--profile', file, '--result-path', '/results/{token}/']);
    expect(code).toBe(0);
    expect(out).toContain(`Deployment profile: ${file}`);
    expect(out).toMatch(/ {2}listing\.path +\/records\/ {2}\(profile\)/);
    expect(out).toMatch(/ {2}result\.path +\/results\/\{token\}\/ {2}\(flag\)/);
    expect(out).toMatch(/ {2}requests\.verifyRecordAuth +\{"otp":"\{code\}"\} {2}\(profile: code_field\)/);
    expect(out).toMatch(/ {2}success\.getRecord +200 {2}\(default\)/);
    // The flag overrides the profile.
    const flagged = await cli(['plan', '--profile', file, '--listing-path', '/list/']);
    expect(flagged.out).toMatch(/ {2}listing\.path +\/list\/ {2}\(flag\)/);
  });

  it('a profile that does not read stops plan and run before any request, at its line and column (exit 2)', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'listing:\n  paging:\n    style: pages\n');
    for (const command of [['plan'], ['run', '--base-url', 'http://127.0.0.1:9']]) {
      const { code, err } = await cli([...command, '--profile', file]);
      expect(code).toBe(2);
      expect(err).toContain(`${file}:3:12: listing.paging.style must be one of auto, link, page, offset, cursor`);
    }
  });

  it('--from-openapi proposes the fourth deployment profile from its description, each value with where it came from', async () => {
    const file = join(dir, 'fourth.yaml');
    const { code, out } = await cli(['profile', '--from-openapi', FOURTH.pathname, file]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Wrote .*fourth\.yaml: \d+ settings read from the description, \d+ left at the default/);
    // What it could not map, listed: each setting left at the default, each operation of no use to the suite.
    expect(out).toMatch(
      /\nCould not map \(\d+\):( nothing|(\n {2}- .+: (not found .*|no operation the suite calls))+)\n$/,
    );
    const text = readFileSync(file, 'utf8');
    const proposed = parseProfile(text, file);
    expect(proposed).toMatchObject({
      listing: { path: '/records/', filters: { status: 'status', auth_required: 'auth_required' } },
      code_field: 'otp',
      requests: {
        authenticateRecord: { mobile: '{mobile}', name: '{name}', birth: '{birth}', is_male: '{is_male}' },
        verifyRecordAuth: { otp: '{code}' },
        verifyRoadmapAuth: { draft_token: '{draft_token}', otp: '{code}' },
      },
      test_fields: { ages: 'integer', gender_permission: { all: 0, men: 1, women: 2 } },
      success: { authenticateRecord: 201, verifyRecordAuth: 202, authenticateRoadmap: 201, getRecord: 200 },
    });
    expect(proposed.listing?.paging).toEqual({ style: 'link', page: 'page', size: 'per_page', base: 1 });
    expect(text).toContain('# from: GET /records/');
    expect(text).toContain('# from: the body of PUT /record/{token}/auth/verify/');
    expect(text).toContain("# from: gender_permission's enum, read with its description");
  });

  it('--from-openapi reads a 3.0 JSON description from a URL; what it does not show stays the default, with a note', async () => {
    const { code, out } = await cli(['profile', '--from-openapi', `${served}/openapi.json`]);
    expect(code).toBe(0);
    expect(parseProfile(out, 'stdout').code_field).toBe('otp');
    expect(out).toContain(
      '# from: not found (no GET path of a record result): the default\n  path: "/record/{token}/result/"',
    );
    expect(out).toContain('#   - result.path: not found (no GET path of a record result): the default\n');
    const missing = await cli(['profile', '--from-openapi', `${served}/none.json`]);
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining('answered 404') });
    const notOpenapi = join(dir, 'not.yaml');
    writeFileSync(notOpenapi, 'swagger: "2.0"\n');
    expect((await cli(['profile', '--from-openapi', notOpenapi])).err).toContain(
      'not an OpenAPI 3.0 or 3.1 description',
    );
  });
});
