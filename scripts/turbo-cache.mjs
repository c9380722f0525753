// Where turbo keeps its local cache for a checkout: <root>/.turbo/cache, and in a linked git worktree the
// main worktree's (beside git's common dir), which turbo shares between worktrees.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The turbo cache folder of the checkout at `root`. */
export function turboCacheDir(root) {
  const common = execFileSync('git', ['rev-parse', '--git-common-dir'], { cwd: root, encoding: 'utf8' }).trim();
  return join(dirname(realpathSync(resolve(root, common))), '.turbo', 'cache');
}
