import { join } from 'node:path';
import { compileAll } from './compile.js';
import { generate } from './generate.js';
import { GENERATORS, type Generator } from './generators.js';
import { runJourney } from './journey.js';
import { packageDir, packageJson } from './packages.js';
import type { MatrixSandbox } from './sandbox.js';
import type { Input, Row } from './types.js';

/** The published files the generators read: the bundle (3.1) and the docs site's 3.0 download. */
export function inputs(): Record<Input, string> {
  return {
    '3.1': join(packageDir('@tas/openapi'), 'dist', 'openapi.json'),
    '3.0': join(packageDir('@tas/docs'), 'dist', 'openapi-3.0.json'),
  };
}

const pinned = (name: string, from?: string) => `${name} ${packageJson(name, from).version}`;

/** The install command that gives exactly these versions (runtime beside the code, the rest as dev tools). */
export function exactInstall(generator: string, version: string, withs: string[], typescript: string): string {
  const at = (w: string) => w.replace(' ', '@');
  const runtime = withs.length ? `npm install -E ${withs.map(at).join(' ')} && ` : '';
  return `${runtime}npm install -D -E ${generator}@${version} typescript@${typescript}`;
}

/**
 * The whole matrix on this Node: every generator generates (in parallel), all outputs compile in one
 * strict tsc run, and each that generated runs its journey against the sandbox, reset to its seed.
 */
export async function runMatrix(
  cwd: string,
  sandbox: MatrixSandbox,
  generators: Generator[] = GENERATORS,
  from?: string,
): Promise<Row[]> {
  const files = inputs();
  const generated = await Promise.all(
    generators.map((g) => generate(g, { input: files[g.input], out: join(cwd, 'generated', g.id), from }, cwd)),
  );
  const ok = generators.filter((_, i) => generated[i]?.verdict === 'ok');
  const compiled = await compileAll(
    cwd,
    ok.map((g) => g.id),
    from,
  );
  const typescript = packageJson('typescript', from).version;
  const rows: Row[] = [];
  for (const [i, g] of generators.entries()) {
    const gen = generated[i] ?? { verdict: 'fail', notes: [] };
    const comp = compiled.get(g.id);
    const journey = gen.verdict === 'ok' ? await runJourney(cwd, g.id, sandbox) : undefined;
    const pkg = packageJson(g.package, from);
    const withs = g.with.map((name) => pinned(name, from));
    rows.push({
      generator: g.package,
      version: pkg.version,
      with: withs,
      input: g.input,
      engines: pkg.engines?.node ?? null,
      typescript,
      install: from ? 'quick start' : 'pinned',
      exact: exactInstall(g.package, pkg.version, withs, typescript),
      generate: gen.verdict,
      compile: comp?.compile ?? 'not run',
      journey: journey?.verdict ?? 'not run',
      typed: comp?.typed ?? 'not run',
      notes: [...g.notes, ...gen.notes, ...(comp?.notes ?? []), ...(journey?.notes ?? [])],
    });
  }
  return rows;
}
