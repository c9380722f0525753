import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Matrix } from './types.js';

export const MATRIX_FILE = 'matrix.json';

export function formatMatrix(matrix: Matrix): string {
  const runs = Object.fromEntries(Object.entries(matrix.runs).sort(([a], [b]) => Number(a) - Number(b)));
  return `${JSON.stringify({ runs }, null, 2)}\n`;
}

export function readMatrix(cwd: string): Matrix {
  const file = join(cwd, MATRIX_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Matrix) : { runs: {} };
}

export function writeMatrix(cwd: string, matrix: Matrix): void {
  writeFileSync(join(cwd, MATRIX_FILE), formatMatrix(matrix));
}
