import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binScript } from './packages.js';
import type { Matrix } from './types.js';

export const MATRIX_FILE = 'matrix.json';

export function formatMatrix(matrix: Matrix): string {
  const sorted = (runs: Matrix['runs']) =>
    Object.fromEntries(Object.entries(runs).sort(([a], [b]) => Number(a) - Number(b)));
  const quickStart = matrix.quickStart && { date: matrix.quickStart.date, runs: sorted(matrix.quickStart.runs) };
  return `${JSON.stringify({ runs: sorted(matrix.runs), ...(quickStart && { quickStart }) }, null, 2)}\n`;
}

export function readMatrix(cwd: string): Matrix {
  const file = join(cwd, MATRIX_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Matrix) : { runs: {} };
}

/** Writes matrix.json as the repository's formatter (Biome) keeps JSON, so `biome ci` passes on a fresh run. */
export function writeMatrix(cwd: string, matrix: Matrix): void {
  const file = join(cwd, MATRIX_FILE);
  writeFileSync(file, formatMatrix(matrix));
  execFileSync(process.execPath, [binScript('@biomejs/biome', 'biome'), 'format', '--write', file], {
    stdio: 'ignore',
  });
}
