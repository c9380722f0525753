import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Builds into a fresh folder beside `outDir`, then swaps it in with two renames, so that a server
 * serving `outDir` (a running `npm run docs` while `npm run build` or `npm test` rebuilds) keeps
 * answering from the old site until the new one is complete: the folder is never half built, and
 * missing only between the two renames (microseconds), not for the whole build. A failed build
 * leaves `outDir` as it was.
 */
export async function buildIntoFresh<T>(outDir: string, build: (dir: string) => Promise<T>): Promise<T> {
  // A parent that is a file is left to mkdtemp, which says so (ENOTDIR).
  if (!existsSync(dirname(outDir))) mkdirSync(dirname(outDir), { recursive: true });
  // Beside outDir, so that the rename stays on one file system; a name .gitignore's dist/ does not cover is
  // still never committed, as it is removed in every case but a killed process.
  const fresh = mkdtempSync(join(dirname(outDir), `.${basename(outDir)}-building-`));
  const old = `${fresh}-old`;
  try {
    const result = await build(fresh);
    swapIn(fresh, outDir, old);
    return result;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

function swapIn(fresh: string, outDir: string, old: string): void {
  // Another build may swap its own folder in between ours: try again, at most a few times.
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(outDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      renameSync(fresh, outDir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
      rmSync(old, { recursive: true, force: true });
    }
  }
}
