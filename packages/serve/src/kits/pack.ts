import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESCRIPTION_FILE, loadDescription } from '@tas/openapi';
import { build } from 'esbuild';

export interface ServerPackage {
  /** The workspace folder (apps/sandbox): its package.json names the package and its dependencies. */
  dir: string;
  /** The bin partners type, e.g. tas-sandbox; also the name in the command's --help. */
  bin: string;
  /** The command-line entry, relative to dir. */
  entry: string;
  /** Files the server reads at run time besides the description, [from, to in the package]. */
  files?: [string, string][];
  /** The README for partners (the workspace's own README is for this repository). */
  readme: string;
  /** Where the staged folder and the tarball go (dir/dist by default). */
  outDir?: string;
}

export interface Packed {
  /** The tarball, e.g. dist/tas-sandbox-2.0.1.tgz. */
  tarball: string;
  dependencies: Record<string, string>;
}

interface Manifest {
  name: string;
  description?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const requireHere = createRequire(import.meta.url);
const SERVE_MANIFEST = new URL('../../package.json', import.meta.url);
/** The licence of everything we hand out (the client's, MIT). */
const LICENSE = new URL('../../../client/LICENSE', import.meta.url);

const isBuiltin = (id: string) => id.startsWith('node:') || builtinModules.includes(id);
/** `@scope/name/deep/path.js` → `@scope/name`; `name/x` → `name`. */
const packageOf = (id: string) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * One installable server: its sources and the workspace packages it imports bundled into
 * dist/lib/<bin>.js (so the description's relative paths hold: dist/openapi.json beside lib/), the
 * npm packages it imports left as dependencies at the versions this repository pins, then `npm pack`.
 */
export async function packServer(options: ServerPackage): Promise<Packed> {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const own = read(join(options.dir, 'package.json'));
  // The workspace packages every server bundles: their npm dependencies are pinned there.
  const manifests = [read(requireHere.resolve('@tas/openapi/package.json')), read(fileURLToPath(SERVE_MANIFEST))];
  // The version handed out is the description's, which the server implements.
  const version = loadDescription().info.version;
  const files: [string, string][] = [[DESCRIPTION_FILE, 'dist/openapi.json'], ...(options.files ?? [])];
  const outDir = options.outDir ?? join(options.dir, 'dist');
  const stage = join(outDir, 'package');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'dist/lib'), { recursive: true });

  const pinned = new Map<string, string>();
  for (const m of [own, ...manifests])
    for (const [name, range] of Object.entries({ ...m.devDependencies, ...m.dependencies }))
      if (range !== '*' && !pinned.has(name)) pinned.set(name, range);
  const outfile = join(stage, 'dist/lib', `${options.bin}.js`);
  const { metafile } = await build({
    metafile: true,
    entryPoints: [join(options.dir, options.entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { TAS_BIN: JSON.stringify(options.bin) },
    // The entry's own #! line stays first. The bundle is ESM: packages it requires (CommonJS) still find require.
    banner: {
      js: "import { createRequire as __tasRequire } from 'node:module';\nconst require = __tasRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-dependencies',
        setup(b) {
          // Workspace packages (@tas/*) are bundled; every other package stays a dependency.
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (isBuiltin(args.path)) return { external: true };
            const name = packageOf(args.path);
            if (name.startsWith('@tas/')) return undefined;
            if (!pinned.has(name))
              return { errors: [{ text: `${name} is imported but no package.json here pins it` }] };
            return { external: true };
          });
        },
      },
    ],
  });

  // What the bundle still imports once unused code is shaken out (resolving saw more).
  const dependencies: Record<string, string> = {};
  for (const { path, external } of Object.values(metafile.outputs)[0]?.imports ?? []) {
    const name = packageOf(path);
    if (external && !isBuiltin(path)) dependencies[name] = pinned.get(name) ?? '';
  }

  for (const [from, to] of files) {
    mkdirSync(dirname(join(stage, to)), { recursive: true });
    copyFileSync(from, join(stage, to));
  }
  copyFileSync(options.readme, join(stage, 'README.md'));
  copyFileSync(fileURLToPath(LICENSE), join(stage, 'LICENSE'));
  const manifest = {
    name: own.name,
    version,
    description: own.description,
    license: 'MIT',
    type: 'module',
    bin: { [options.bin]: `dist/lib/${options.bin}.js` },
    engines: { node: '>=20.19.0' },
    files: ['dist', ...files.map(([, to]) => to).filter((to) => !to.startsWith('dist/'))],
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  // One tarball in outDir: the one of this version (Downloads and the release pick it up by pattern).
  for (const old of readdirSync(outDir)) if (old.endsWith('.tgz')) rmSync(join(outDir, old));
  const printed = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const file = printed.trim().split('\n').pop() ?? '';
  return { tarball: join(outDir, file), dependencies: manifest.dependencies };
}
