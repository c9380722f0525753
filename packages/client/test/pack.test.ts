import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useMock } from './helpers/mock.js';

const run = promisify(execFile);
const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-client-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The README's quick start, as a partner pastes it (only the mock's address differs).
const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
const quickStart = /## Quick start[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

describe('the packed package', () => {
  const mock = useMock();

  it('installs from its tarball into a fresh project, where the README quick start type-checks and runs', async () => {
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: pkgDir });
    const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toContain('dist/index.d.ts');
    expect(paths).toContain('README.md');
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);

    const project = join(work, 'partner');
    await run('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner', private: true, type: 'module' }));
    // openapi-fetch comes from the npm cache that the monorepo's install filled.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, filename)], {
      cwd: project,
    });
    expect(readdirSync(join(project, 'node_modules/@tas'))).toEqual(['client']);

    expect(quickStart).toContain("from '@tas/client'");
    writeFileSync(join(project, 'usage.ts'), quickStart.replace('http://localhost:4010', mock.url));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          noEmit: true,
        },
        files: ['usage.ts'],
      }),
    );
    await run(bin('tsc'), ['-p', '.'], { cwd: project }).catch((e) => {
      throw new Error(`tsc failed: ${e.stdout}`);
    });
    const { stdout } = await run(bin('tsx'), ['usage.ts'], { cwd: project });
    expect(stdout.trim()).toBe('finished: true');
  });
});
