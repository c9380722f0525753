import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The committed bin that npm links at install (before dist/ exists) and that a rebuild leaves alone.
const bin = fileURLToPath(new URL('../bin/tas-conformance.js', import.meta.url));

describe('bin/tas-conformance.js', () => {
  it('is executable, so the link npm makes to it runs', () => {
    expect(statSync(bin).mode & 0o111).toBe(0o111);
  });

  it('runs the built CLI: --help prints the usage on stdout and exits 0', () => {
    const run = spawnSync(bin, ['--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^tas-conformance: .*\n\nUsage:/);
  });

  it('outside this repository, a missing dist/ is one line that says how to mend it', () => {
    const pkg = mkdtempSync(join(tmpdir(), 'tas-conformance-bin-'));
    mkdirSync(join(pkg, 'bin'));
    copyFileSync(bin, join(pkg, 'bin', 'tas-conformance.js'));
    const run = spawnSync(process.execPath, [join(pkg, 'bin', 'tas-conformance.js'), '--help'], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 2,
      stderr: 'tas-conformance: dist/cli.js is missing; reinstall @tas/conformance\n',
    });
  });
});
