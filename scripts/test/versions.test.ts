import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The packages follow the contract: the same MAJOR.MINOR as info.version, their own patch releases.
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const contract = JSON.parse(read('openapi/dist/openapi.json')).info.version as string;
const minorOf = (v: string) => v.split('.').slice(0, 2).join('.');

describe.each(['client', 'conformance'])('@tas/%s', (name) => {
  const pkg = JSON.parse(read(`packages/${name}/package.json`)) as { version: string; files: string[] };

  it(`carries the contract's MAJOR.MINOR (${contract})`, () => {
    expect(minorOf(pkg.version)).toBe(minorOf(contract));
  });

  it('carries a real licence: an SPDX license field and its LICENSE file, shipped in the tarball', () => {
    const { license } = JSON.parse(read(`packages/${name}/package.json`)) as { license?: string };
    expect(license).toBe('MIT');
    expect(read(`packages/${name}/LICENSE`)).toMatch(/^MIT License\n\nCopyright \(c\) 2026 /);
    expect(pkg.files).toContain('LICENSE');
  });

  it('has a CHANGELOG.md entry for its version, shipped in the tarball', () => {
    expect(read(`packages/${name}/CHANGELOG.md`)).toContain(`## ${pkg.version}`);
    expect(pkg.files).toContain('CHANGELOG.md');
  });
});

describe("the client's README, which the docs site shows partners as the client page", () => {
  const readme = read('packages/client/README.md');
  it.each([
    ['the monorepo', /monorepo/i],
    ["the monorepo's commands", /npm run \w+ -w|npm (pack|run build) -w/],
    ['benchmarks', /bench/i],
    ['our issues', /\bissue \d+/i],
    ['paths of the repository', /\b(apps|packages)\/\w+/],
  ])('says nothing of %s', (_what, pattern) => {
    expect(readme).not.toMatch(pattern);
  });

  it('installs from Downloads', () => {
    expect(readme).toMatch(/from the \*\*Downloads\*\* page/);
  });
});
