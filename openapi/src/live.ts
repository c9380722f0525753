// The contract author's loop: every file of the description watched; a change is bundled and linted
// once (Redocly's CLI, as `npm run build` and `npm run lint` run it) and, when valid, written to dist/
// and handed on; an invalid one is told in the lint's words, and dist/ keeps the last valid bundle.
import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  type FSWatcher,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  watch,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's folder: the description's sources (openapi.yaml, paths/, components/, arazzo/). */
export const SOURCES_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/lib/') ? '../../' : '../', import.meta.url),
);

/** The folder watched: TAS_OPENAPI_DIR (another copy of openapi/, as the tests use), else this package's. */
export const sourcesDir = () => process.env.TAS_OPENAPI_DIR || SOURCES_DIR;

/** What a change reaches: the API description (mock, sandbox, docs) or only the journeys (docs). */
export interface Change {
  /** The changed files, relative to `dir`. */
  files: string[];
  description: boolean;
  journeys: boolean;
  /** The sources' folder; its dist/ holds the bundle just written. */
  dir: string;
}

export interface LiveOptions {
  /** The sources' folder; default sourcesDir(). */
  dir?: string;
  /** Called with each valid change, once its bundle is in dist/. */
  onValid: (change: Change) => Promise<void> | void;
  log: (line: string) => void;
}

/** The problems printed of an invalid edit: the first few say what to fix. */
const SHOWN = 8;
const WATCHED = /^(openapi\.yaml|redocly\.yaml|(paths|components|arazzo)\/.+\.(ya?ml|json))$/;
function redocly(dir: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js'), ...args],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
}

/**
 * Spectral over a fresh bundle, as `npm run lint` runs it: this package's ruleset (a copy of the sources
 * elsewhere cannot resolve its packages), the bundle read as the `dist/openapi.yaml` its overrides name.
 * Each problem is told at the source file its JSON path comes from.
 */
function spectral(dir: string, bundle: string): Promise<{ ok: boolean; problems: string[] }> {
  const bin = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/dist/index.js');
  const args = ['lint', '--fail-severity=warn', '--ruleset', '.spectral.yaml', '--format=json', '--quiet'];
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [bin, ...args, '--stdin-filepath', join(SOURCES_DIR, 'dist', 'openapi.yaml')],
      {
        cwd: SOURCES_DIR,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.stdin.end(bundle);
    child.on('close', (code) => {
      if (code === 0) return resolve({ ok: true, problems: [] });
      let found: SpectralProblem[] | undefined;
      try {
        found = JSON.parse(output.slice(output.indexOf('[')));
      } catch {}
      resolve({ ok: false, problems: found ? found.map((p) => spectralLine(dir, p)) : problemLines(output) });
    });
  });
}

interface SpectralProblem {
  code: string;
  message: string;
  severity: number;
  path: (string | number)[];
}

/** `components/schemas/X.yaml#/properties/y warning rule: message`: the source file a bundle's JSON path came from. */
function spectralLine(dir: string, { code, message, severity, path }: SpectralProblem): string {
  const [top, group, name, ...rest] = path.map(String);
  let file = 'openapi.yaml';
  let inner = path.map(String);
  if (top === 'components' && group && name && existsSync(join(dir, 'components', group, `${name}.yaml`))) {
    file = `components/${group}/${name}.yaml`;
    inner = rest;
  } else if (top === 'paths' && group) {
    const lines = readFileSync(join(dir, 'openapi.yaml'), 'utf8').split('\n');
    const found = /^\s+\$ref: (\S+)$/.exec(lines[lines.indexOf(`  ${group}:`) + 1] ?? '')?.[1];
    if (found) [file, inner] = [found, path.slice(2).map(String)];
  }
  const pointer = inner.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return `${file}#/${pointer} ${severity === 0 ? 'error' : 'warning'} spectral ${code}: ${message}`;
}

/**
 * The lint's problems, one a line (`components/x.yaml:1:7 error struct: …`), those in the changed files
 * first; its other words (a bundle's failure) when it found none.
 */
export function problemLines(output: string, changed: string[] = []): string[] {
  const found: string[] = [];
  let file = '';
  for (const line of output.split('\n')) {
    const header = /^(\S.*):$/.exec(line);
    const problem = /^\s+(\d+:\d+)\s+(error|warning)\s+(\S+)\s+(.*)$/.exec(line);
    if (header) file = header[1] as string;
    else if (problem) found.push(`${file}:${problem[1]} ${problem[2]} ${problem[3]}: ${problem[4]}`);
  }
  const mine = (line: string) => (changed.some((f) => line.startsWith(`${f}:`)) ? 0 : 1);
  if (found.length) return [...new Set(found)].sort((a, b) => mine(a) - mine(b));
  return output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/[║╔╚]|validating |validated in|bundling |use --force/.test(line));
}

/** Bundles and lints the sources once; on success the bundle (and its JSON) replaces dist/'s. */
export async function bundleAndLint(
  dir: string,
  files: string[],
): Promise<{ ok: true; changed: boolean } | { ok: false; problems: string[] }> {
  const work = mkdtempSync(join(tmpdir(), 'tas-live-'));
  try {
    const journeys = files.filter((f) => f.startsWith('arazzo/'));
    const [bundled, linted] = await Promise.all([
      redocly(dir, ['bundle', 'openapi.yaml', '-o', join(work, 'openapi.yaml')]),
      redocly(dir, ['lint', 'openapi.yaml', ...journeys, '--format=stylish']),
    ]);
    if (!bundled.ok || !linted.ok)
      return { ok: false, problems: problemLines(linted.ok ? bundled.output : linted.output, files) };
    const fresh = readFileSync(join(work, 'openapi.yaml'), 'utf8');
    const spectralSaid = await spectral(dir, fresh);
    if (!spectralSaid.ok) return { ok: false, problems: spectralSaid.problems };
    const dist = join(dir, 'dist', 'openapi.yaml');
    // Journeys.json is written from arazzo/ too: an Arazzo edit is written even with the same bundle.
    const changed = !existsSync(dist) || readFileSync(dist, 'utf8') !== fresh;
    if (changed || journeys.length) {
      copyFileSync(join(work, 'openapi.yaml'), dist);
      // dist/openapi.json and dist/journeys.json, as the build writes them.
      await new Promise((resolve, reject) =>
        execFile(process.execPath, [join(SOURCES_DIR, 'scripts', 'to-json.mjs'), dir], (e) =>
          e ? reject(e) : resolve(null),
        ),
      );
    }
    return { ok: true, changed };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The folders of the sources, relative to `dir` with a trailing slash (`''`, `paths/`, `components/examples/`). */
function folders(dir: string, under = ''): string[] {
  const here = readdirSync(join(dir, under), { withFileTypes: true })
    .filter((e) => e.isDirectory() && (under || ['paths', 'components', 'arazzo'].includes(e.name)))
    .flatMap((e) => folders(dir, `${under}${e.name}/`));
  return [under, ...here];
}

/**
 * Watches the description's sources; changes that come together (an editor's save, a checkout) are
 * taken as one, and one that comes during a run is taken after it. Returns a stop function.
 */
export function watchDescription({ dir = sourcesDir(), onValid, log }: LiveOptions): () => void {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function run(): Promise<void> {
    const files = [...pending].sort();
    pending.clear();
    const started = performance.now();
    const said = files.length > 3 ? `${files.slice(0, 3).join(', ')} and ${files.length - 3} more` : files.join(', ');
    const result = await bundleAndLint(dir, files);
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (!result.ok) {
      log(`${said} changed: not valid, so nothing is reloaded; the servers keep the last valid description (${took}):`);
      for (const line of result.problems.slice(0, SHOWN)) log(`  ${line}`);
      if (result.problems.length > SHOWN)
        log(`  and ${result.problems.length - SHOWN} more (npm run lint -w @tas/openapi)`);
      return;
    }
    const journeys = files.some((f) => f.startsWith('arazzo/'));
    const description = result.changed && files.some((f) => !f.startsWith('arazzo/'));
    if (!description && !journeys) {
      log(`${said} changed: bundled and linted in ${took}; the bundle is the same, nothing to reload`);
      return;
    }
    log(`${said} changed: bundled and linted in ${took}: valid`);
    await onValid({ files, description, journeys, dir });
  }

  function kick(): void {
    timer = undefined;
    if (running || !pending.size) return;
    running = run()
      .catch((error: Error) => log(`reload failed: ${error.message}`))
      .finally(() => {
        running = undefined;
        kick();
      });
  }

  // A watch per folder, not one recursive watch: node 20's recursive watch on Linux loses a file that an
  // editor replaces (writes a copy, renames it over), and a folder's watch sees each such rename.
  const watchers = new Map<string, FSWatcher>();
  const changed = (file: string) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(kick, 200);
  };
  const watchFolder = (folder: string) =>
    watchers.set(
      folder,
      watch(join(dir, folder), (_event, name) => {
        const file = `${folder}${name?.toString() ?? ''}`;
        if (WATCHED.test(file)) return changed(file);
        // A folder made (or moved in) while watching: watched from now on, its files taken as changed.
        if (!name || watchers.has(`${file}/`) || !(folder || /^(paths|components|arazzo)$/.test(file))) return;
        if (!statSync(join(dir, file), { throwIfNoEntry: false })?.isDirectory()) return;
        for (const inner of folders(dir, `${file}/`)) {
          if (!watchers.has(inner)) watchFolder(inner);
          for (const entry of readdirSync(join(dir, inner)))
            if (WATCHED.test(`${inner}${entry}`)) changed(`${inner}${entry}`);
        }
      }),
    );
  for (const folder of folders(dir)) watchFolder(folder);
  log(`watching ${dir} (openapi.yaml, paths/, components/, arazzo/): an edit is bundled, linted and reloaded`);
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  };
}

/** Hands a change to one server's `reload`, which says what it did; logs that, with the time it took. */
export async function reloadTimed(
  reload: (change: Change) => Promise<string>,
  change: Change,
  log: (line: string) => void,
): Promise<void> {
  const began = performance.now();
  try {
    const what = await reload(change);
    log(`reloaded in ${((performance.now() - began) / 1000).toFixed(1)} s: ${what}`);
  } catch (error) {
    log(
      `reload failed, still serving the last valid description: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
    );
  }
}

/**
 * One server's own watch (npm run mock|sandbox|docs): each valid change that reaches it (by default,
 * one of the API description; the docs take the journeys' too) is reloaded, one at a time.
 */
export function watchAndReload(options: {
  reload: (change: Change) => Promise<string>;
  reaches?: (change: Change) => boolean;
  log: (line: string) => void;
}): () => void {
  const { reload, reaches = (change) => change.description, log } = options;
  let queue = Promise.resolve();
  return watchDescription({
    log,
    onValid: (change) => {
      if (reaches(change)) queue = queue.then(() => reloadTimed(reload, change, log));
    },
  });
}
