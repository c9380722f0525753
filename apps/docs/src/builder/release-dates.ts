import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The day each release was recorded: when git first saw its `releases/<version>.yaml` (the newest
 * addition, should a file have been added, removed and added again), else, for a release recorded
 * but not committed yet, the file's own date. No date is written anywhere by hand.
 */
export function releaseDates(releasesDir: string, versions: string[]): Record<string, string> {
  return Object.fromEntries(versions.map((v) => [v, releaseDate(join(releasesDir, `${v}.yaml`))]));
}

function releaseDate(file: string): string {
  let added = '';
  try {
    added = execFileSync('git', ['log', '--diff-filter=A', '--format=%ad', '--date=short', '--', basename(file)], {
      cwd: dirname(file),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    // Not in a git checkout (a copied folder): the file's date below.
  }
  return firstDate(added) ?? statSync(file).mtime.toISOString().slice(0, 10);
}

/** The first YYYY-MM-DD line of git's answer (newest first), if any. */
export function firstDate(gitLog: string): string | undefined {
  return gitLog
    .split('\n')
    .find((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.trim()))
    ?.trim();
}

/** The one word for a version's state, the same in the switcher and on the Changes page. */
export function stateWord(v: { latest: boolean; unreleased: boolean }): string | undefined {
  if (v.unreleased) return 'preview, unreleased';
  return v.latest ? 'latest' : undefined;
}
