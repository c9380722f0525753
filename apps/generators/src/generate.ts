import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { GenerateContext, Generator } from './generators.js';
import type { Verdict } from './types.js';

export interface Generated {
  verdict: Verdict;
  notes: string[];
}

const POLYFILL = fileURLToPath(new URL('../scripts/map-groupby.mjs', import.meta.url));
const LIMIT_MS = 120_000;

function node(args: string[], cwd: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, timeout: LIMIT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stderr}\n${stdout}` }),
    );
  });
}

/** The line of a failed run that says why, without the machine's paths. */
function reason(output: string, ctx: GenerateContext): string {
  const lines = output
    .split('\n')
    .map((l) => stripVTControlCharacters(l).trim())
    .filter(Boolean);
  const line = lines.find((l) => /error|fail|not a function|cannot/i.test(l)) ?? lines[0] ?? 'no output';
  return line.replaceAll(ctx.input, '<input>').replaceAll(ctx.out, '<out>').slice(0, 200);
}

/**
 * Runs one generator on this Node. When it fails for want of `Map.groupBy` (Node 21+), it is run
 * again with the polyfill, and the row says so: that is the workaround a partner on Node 20 needs.
 */
export async function generate(generator: Generator, ctx: GenerateContext, cwd: string): Promise<Generated> {
  rmSync(ctx.out, { recursive: true, force: true });
  mkdirSync(ctx.out, { recursive: true });
  for (const [name, text] of Object.entries(generator.files?.(ctx) ?? {})) writeFileSync(join(ctx.out, name), text);
  const args = generator.command(ctx);
  const plain = await node(args, cwd);
  if (plain.ok) return { verdict: 'ok', notes: [] };
  const why = reason(plain.output, ctx);
  if (!/groupBy/.test(plain.output)) return { verdict: 'fail', notes: [`Generation fails: ${why}`] };
  const polyfilled = await node(['--import', POLYFILL, ...args], cwd);
  const node20 = `Fails on Node ${process.versions.node.split('.')[0]}: \`Map.groupBy is not a function\` (Node 21+)`;
  return polyfilled.ok
    ? {
        verdict: 'ok',
        notes: [`${node20}. Works with a polyfill loaded first: \`NODE_OPTIONS="--import ./map-groupby.mjs"\`.`],
      }
    : { verdict: 'fail', notes: [node20, `With the polyfill too: ${reason(polyfilled.output, ctx)}`] };
}
