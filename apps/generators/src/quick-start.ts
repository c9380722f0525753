import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATORS, type Generator } from './generators.js';
import { runMatrix } from './matrix.js';
import { packageJson } from './packages.js';
import type { MatrixSandbox } from './sandbox.js';
import type { Row } from './types.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const LIMIT_MS = 300_000;

/** One shell command in a project folder; its output kept for the row's note when it fails. */
function sh(command: string, cwd: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, shell: true, stdio: ['ignore', 'pipe', 'pipe'], timeout: LIMIT_MS });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * A partner's new project: its own quick start's install commands as written (so the registry's newest
 * versions that npm picks for this Node), then TypeScript and Node's types when the quick start did not
 * bring them, as a TypeScript project has. Returns what had to be added, for the row's notes.
 */
async function install(generator: Generator, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `quick-start-${generator.id}`, private: true }, null, 2)}\n`,
  );
  for (const command of generator.quickStart) {
    const run = await sh(command, dir);
    if (!run.ok) throw new Error(`\`${command}\` failed: ${run.output.trim().split('\n').at(-1)}`);
  }
  const added: string[] = [];
  for (const dev of ['typescript', '@types/node']) {
    if (existsSync(join(dir, 'node_modules', dev, 'package.json'))) continue;
    const run = await sh(`npm install -D ${dev}`, dir);
    if (!run.ok) throw new Error(`\`npm install -D ${dev}\` failed: ${run.output.trim().split('\n').at(-1)}`);
    added.push(dev);
  }
  // The journeys and what they import, beside the generated code, so that they resolve this install's runtime.
  cpSync(join(HERE, 'journeys'), join(dir, 'journeys'), { recursive: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  cpSync(join(HERE, 'src', 'types.ts'), join(dir, 'src', 'types.ts'));
  return added;
}

/**
 * Each generator as its own quick start installs it today, in a folder of its own under `root`, run
 * through the matrix's steps (generate, strict compile with that install's TypeScript, journey, typed).
 */
export async function runQuickStarts(
  root: string,
  sandbox: MatrixSandbox,
  generators: Generator[] = GENERATORS,
  progress: (line: string) => void = () => {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const g of generators) {
    const dir = join(root, g.id);
    progress(`${g.package}: ${g.quickStart.join(' && ')}`);
    let added: string[];
    try {
      added = await install(g, dir);
    } catch (error) {
      throw new Error(`${g.package}'s quick start did not install: ${(error as Error).message}`);
    }
    const [row] = await runMatrix(dir, sandbox, [g], dir);
    if (!row) throw new Error(`${g.package}: the matrix returned no row`);
    const notes = added.length
      ? [
          `Its quick start installs no ${added.join(' or ')}; added with \`npm install -D ${added.join(' ')}\`, as a TypeScript project has.`,
        ]
      : [];
    const pkg = packageJson(g.package, dir);
    const callsTypescript = Boolean(pkg.dependencies?.typescript ?? pkg.peerDependencies?.typescript);
    if (row.generate === 'fail' && callsTypescript && Number(row.typescript.split('.')[0]) >= 7)
      notes.push(
        `It calls TypeScript's JavaScript compiler API, which TypeScript ${row.typescript} (the native compiler) no longer offers, and npm gave it that TypeScript: install TypeScript 6 or 5 beside it, as the pinned row's command does.`,
      );
    rows.push({ ...row, notes: [`Quick start: \`${g.quickStart.join(' && ')}\`.`, ...notes, ...row.notes] });
  }
  return rows;
}
