import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@tas/serve/testing';
import { describe, expect, it } from 'vitest';
import { summarize } from '../test-summary/summarize.mjs';

const report = (passed: number, failed: number, skipped = 0, success = failed === 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: skipped,
  numTodoTests: 0,
  success,
});

describe('the closing summary of npm test', () => {
  it.each([
    [
      'every package ran and passed',
      [
        { dir: 'openapi', report: report(10, 0, 2) },
        { dir: 'apps/mock', report: report(5, 0) },
      ],
      ['openapi: 10 passed, 0 failed', 'apps/mock: 5 passed, 0 failed', 'Total: 15 passed, 0 failed, 2 skipped'],
      0,
    ],
    [
      'a test failed',
      [
        { dir: 'openapi', report: report(10, 0) },
        { dir: 'apps/mock', report: report(4, 1) },
      ],
      ['openapi: 10 passed, 0 failed', 'apps/mock: 4 passed, 1 failed', 'Total: 14 passed, 1 failed, 0 skipped'],
      1,
    ],
    [
      "a package's tests did not run (its build failed): named, and not counted",
      [{ dir: 'openapi', report: report(10, 0) }, { dir: 'apps/mock' }, { dir: 'apps/docs' }],
      [
        'openapi: 10 passed, 0 failed',
        'apps/mock: did not run',
        'apps/docs: did not run',
        'Did not run (not counted below): apps/mock, apps/docs',
        'Total: 10 passed, 0 failed, 0 skipped',
      ],
      1,
    ],
    [
      'no package ran (the preamble failed: biome, a build, a lint or a typecheck)',
      [{ dir: 'openapi' }],
      ['openapi: did not run', 'Did not run (not counted below): openapi', 'Total: 0 passed, 0 failed, 0 skipped'],
      1,
    ],
    [
      'a failed test is named with the first line of why, and the values it compared',
      [
        {
          dir: 'apps/sandbox',
          report: {
            ...report(1, 2),
            testResults: [
              {
                name: '/check/work/main/apps/sandbox/test/fairness.test.ts',
                status: 'failed',
                assertionResults: [
                  { status: 'passed', fullName: 'quiet' },
                  { status: 'failed', fullName: 'fair > holds', failureMessages: ['AssertionError: 3 < 2\n    at x'] },
                  {
                    status: 'failed',
                    fullName: 'conforms',
                    failureMessages: [
                      'AssertionError: expected [ …(2) ] to deeply equal []\n\n\u001b[32m- Expected\u001b[39m\n+ Received\n\n- []\n+ [\n+   "mobile-limit: want 200, got 422",\n+ ]\n    at x\n    at y',
                    ],
                  },
                ],
              },
              {
                name: '/check/work/main/apps/sandbox/test/load.test.ts',
                status: 'failed',
                message: 'Cannot find x\nmore',
              },
            ],
          },
        },
      ],
      [
        'apps/sandbox: 1 passed, 2 failed',
        '  failed: test/fairness.test.ts > fair > holds: AssertionError: 3 < 2',
        '  failed: test/fairness.test.ts > conforms: AssertionError: expected [ …(2) ] to deeply equal []',
        '      - Expected',
        '      + Received',
        '      - []',
        '      + [',
        '      +   "mobile-limit: want 200, got 422",',
        '      + ]',
        '  failed: test/load.test.ts: Cannot find x',
        'Total: 1 passed, 2 failed, 0 skipped',
      ],
      1,
    ],
    [
      'a file failed to load: no failed test, but a failed run',
      [{ dir: 'apps/mock', report: report(3, 0, 0, false) }],
      ['apps/mock: 3 passed, 0 failed (and the run failed: see its log)', 'Total: 3 passed, 0 failed, 0 skipped'],
      1,
    ],
  ])('%s', (_, packages, lines, code) => {
    expect(summarize(packages)).toEqual({ lines, code });
  });
});

describe('node scripts/test-summary.mjs, on a checkout', () => {
  const script = fileURLToPath(new URL('../test-summary.mjs', import.meta.url));
  /** A checkout with two workspaces that have tests, one without, and the root scripts' tests. */
  function checkout() {
    const root = mkdtempSync(join(tmpdir(), 'tas-summary-'));
    const write = (path: string, json: unknown) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), JSON.stringify(json));
    };
    write('package.json', { scripts: { 'test:scripts': 'vitest run' } });
    write('openapi/package.json', { scripts: { test: 'vitest run' } });
    write('apps/mock/package.json', { scripts: { test: 'vitest run' } });
    write('packages/tsconfig/package.json', {});
    return { root, write };
  }

  it('a report left by an earlier run does not count once --start has run: that package did not run', async () => {
    const { root, write } = checkout();
    for (const dir of ['openapi', 'apps/mock', 'scripts']) write(`${dir}/test-artifacts/vitest.json`, report(1, 0));
    expect(await run([process.execPath, script, '--start', '--root', root])).toMatchObject({ code: 0 });
    write('openapi/test-artifacts/vitest.json', report(7, 0));
    write('scripts/test-artifacts/vitest.json', report(2, 0));
    const ran = await run([process.execPath, script, '--root', root]);
    expect(ran.stdout.split('\n')).toEqual([
      'openapi: 7 passed, 0 failed',
      'apps/mock: did not run',
      'scripts: 2 passed, 0 failed',
      'Did not run (not counted below): apps/mock',
      'Total: 9 passed, 0 failed, 0 skipped',
      '',
    ]);
    expect(ran.code).toBe(1);
  });

  it('exits 0 when every package with tests ran and passed', async () => {
    const { root, write } = checkout();
    for (const dir of ['openapi', 'apps/mock', 'scripts']) write(`${dir}/test-artifacts/vitest.json`, report(1, 0));
    const ran = await run([process.execPath, script, '--root', root]);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/\nTotal: 3 passed, 0 failed, 0 skipped\n$/);
  });

  it('refuses an unknown flag with one line and exit code 2', async () => {
    const ran = await run([process.execPath, script, '--colour']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^test-summary: Unknown option '--colour'.*usage: node scripts\/test-summary\.mjs/);
  });
});
