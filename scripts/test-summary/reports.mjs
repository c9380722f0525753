// Where each package's tests leave their vitest JSON report (a turbo output of `test`, restored from
// turbo's cache on a hit), and which packages have tests at all.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const REPORT = join('test-artifacts', 'vitest.json');

/** Every folder whose tests `npm test` runs: each workspace with a `test` script, and the root scripts'. */
export function testedDirs(root) {
  const workspaces = [
    'openapi',
    ...['packages', 'apps'].flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p))),
  ].filter((dir) => {
    const manifest = join(root, dir, 'package.json');
    return existsSync(manifest) && Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test);
  });
  const rootScripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  return rootScripts['test:scripts'] ? [...workspaces, 'scripts'] : workspaces;
}

/** The report a folder's tests left, if any. */
export function readReport(root, dir) {
  const file = join(root, dir, REPORT);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Removes earlier runs' reports, so that a package whose tests do not run now leaves none. */
export function clearReports(root) {
  for (const dir of testedDirs(root)) rmSync(join(root, dir, REPORT), { force: true });
}
