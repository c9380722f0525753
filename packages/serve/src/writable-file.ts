import { accessSync, constants, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

/** Checks that `path` can be opened for writing (an existing file, or a new one in an existing folder). */
export function checkWritableFile(path: string, source: string): void {
  const given = source.startsWith('-') ? `${source} ${path}` : `${source}=${path}`;
  const full = resolve(path);
  const stat = statOf(full);
  if (stat?.isDirectory()) throw new UsageError(`${given} is a folder; give a file path, e.g. ${full}/sandbox.db`);
  if (stat && !writable(full)) throw new UsageError(`${given} is not writable; choose a file you can write`);
  if (stat) return;
  const folder = dirname(full);
  const parent = statOf(folder);
  if (!parent)
    throw new UsageError(
      `${given}: folder ${folder} does not exist; create it (mkdir -p ${folder}) or choose another path`,
    );
  if (!parent.isDirectory()) throw new UsageError(`${given}: ${folder} is not a folder; choose another path`);
  if (!writable(folder))
    throw new UsageError(`${given}: folder ${folder} is not writable; choose a folder you can write`);
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The file's stat, or undefined when there is none (also under a path part that is a file). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as { code?: string }).code ?? '')) return undefined;
    throw error;
  }
}
