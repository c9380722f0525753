import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMock } from './helpers/mock.js';

const run = promisify(execFile);
const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-client-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The README's quick start, as a partner follows it: its setup commands, its file and its run
// commands, all read from the README (only the servers' addresses and the tarball's path differ),
// against the mock and against the sandbox in both of its modes.
const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
const section = /## Quick start[\s\S]*?(?=\n## )/.exec(readme)?.[0] ?? '';
const setup = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '').trim().split('\n');
const fileName = /Save this as `([^`]+)`/.exec(section)?.[1] ?? '';
const runCommand = /run `(npx [^`]+)`/.exec(section)?.[1] ?? '';
const quickStart = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const tarballInReadme = /\/path\/to\/(\S+\.tgz)/.exec(section)?.[1] ?? '';
const sandboxRuns = [...section.matchAll(/^((?:TAS_\w+=\S+ )+npx tsx \S+)/gm)].map((m) => m[1] ?? '');
const sh = (command: string, cwd: string, env: Record<string, string> = {}) =>
  run('sh', ['-c', command], {
    cwd,
    // tsx and openapi-fetch come from the npm cache that the monorepo's install filled.
    env: {
      ...process.env,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      ...env,
    },
  });
const project = join(work, 'partner');

describe('the packed package', () => {
  const mock = useMock();

  it('installs from its tarball into a fresh project, where the README quick start type-checks and runs', async () => {
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: pkgDir });
    const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toContain('dist/index.d.ts');
    expect(paths).toContain('README.md');
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);

    expect(filename).toBe(tarballInReadme);

    // An empty folder, then the README's commands exactly as written.
    await run('mkdir', ['-p', project]);
    expect(setup[0]).toBe('npm init -y && npm pkg set type=module');
    for (const line of setup) {
      await sh(line.replace(`/path/to/${tarballInReadme}`, join(work, filename)), project);
    }
    expect(readdirSync(join(project, 'node_modules/@tas'))).toEqual(['client']);

    expect(quickStart).toContain("from '@tas/client'");
    expect(quickStart).toContain("'http://localhost:4010'");
    writeFileSync(join(project, fileName), quickStart);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: ['node'],
          noEmit: true,
        },
        files: [fileName],
      }),
    );
    await run(bin('tsc'), ['-p', '.'], { cwd: project }).catch((e) => {
      throw new Error(`tsc failed: ${e.stdout}`);
    });
    expect(runCommand).toBe(`npx tsx ${fileName}`);
    // As written, the file calls the mock at localhost:4010; the test's mock has its own port.
    const { stdout } = await sh(runCommand, project, { TAS_BASE_URL: mock.url });
    expect(stdout.trim()).toBe('finished: true');
  });

  // The README's sandbox commands (the SMS key with the outbox, then the instant key), each with
  // a fresh sandbox on its own port: the address is the only change, given with /api/v2 this time.
  describe('the quick start against the sandbox', () => {
    let sandbox: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0 });
    });
    afterAll(() => sandbox.close());

    it('names both sandbox runs', () => {
      expect(sandboxRuns).toEqual([
        `TAS_BASE_URL=http://localhost:4020 ${runCommand}`,
        `TAS_BASE_URL=http://localhost:4020 TAS_API_KEY=sandbox-key-instant ${runCommand}`,
      ]);
    });

    it.each([0, 1])(
      'run %i finishes a ready record it found in the listing',
      async (i) => {
        const command = (sandboxRuns[i] ?? '').replace('http://localhost:4020', `${sandbox.url}/api/v2/`);
        const { stdout } = await sh(command, project);
        expect(stdout.trim()).toBe('finished: true');
      },
      60_000,
    );

    it('a second run with the same key runs again, on the fresh record it asked the sandbox for', async () => {
      const command = (sandboxRuns[0] ?? '').replace('http://localhost:4020', sandbox.url);
      const { stdout } = await sh(command, project);
      expect(stdout.trim()).toBe('finished: true');
    });
  });
});
