import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { listReleases } from './releases.js';

/**
 * The releases in `<root>/releases/` that git's HEAD does not hold, or undefined outside a git
 * checkout (an npm-installed copy, a folder copied without .git): then nothing is known.
 */
export function uncommittedReleases(root: string): string[] | undefined {
  let committed: string;
  try {
    committed = execFileSync('git', ['ls-tree', '-r', '--name-only', 'HEAD', '--', 'releases/'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
  const held = new Set(committed.split('\n').map((line) => line.replace(/^releases\//, '')));
  return listReleases(join(root, 'releases')).filter((v) => !held.has(`${v}.yaml`));
}
