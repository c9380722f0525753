import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Ran, run } from '@tas/serve/testing';
import { build } from 'esbuild';

/** One program as the site shows it (a sample of one operation, or a journey), in one language. */
export interface Shown {
  id: string;
  source: string;
}

/**
 * How a partner runs a language's programs as the page shows them: each saved as the file it names,
 * compiled where the language compiles, then run by itself with the environment it reads. Nothing is
 * added to what the page shows. `debian` names the packages that bring the runtime.
 */
export interface Program {
  label: string;
  debian: string;
  /** A command that succeeds only where the runtime (and its HTTP library) is installed. */
  probe: string[];
  /** Saves (and compiles) every program in `dir`; the command that runs each, by id. */
  build: (dir: string, shown: Shown[]) => Promise<Record<string, string[]>>;
}

async function compiled(step: Promise<Ran>, what: string): Promise<void> {
  const ran = await step;
  if (ran.code !== 0) throw new Error(`${what} failed (exit ${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
}

/** The class a Java or C# program declares (the file it says to save it as). */
const classOf = (source: string) => /^(?:public )?class (\w+)/m.exec(source)?.[1] ?? 'Main';

/** Each program saved as `<id><ext>`; the command runs it with `command`. */
function saved(dir: string, shown: Shown[], ext: string, command: (file: string) => string[]) {
  return Object.fromEntries(
    shown.map((s) => {
      const file = join(dir, `${s.id}${ext}`);
      writeFileSync(file, s.source);
      return [s.id, command(file)];
    }),
  );
}

export const PROGRAMS: Program[] = [
  {
    label: 'curl',
    debian: 'curl jq',
    probe: ['bash', '-c', 'command -v curl && command -v jq'],
    build: async (dir, shown) => saved(dir, shown, '.sh', (file) => ['bash', file]),
  },
  {
    label: 'TypeScript',
    debian: 'nodejs',
    probe: [process.execPath, '--version'],
    // esbuild strips the types (as tsx does); the samples import @tas/client, resolved from `dir`.
    build: async (dir, shown) => {
      const files = saved(dir, shown, '.ts', (file) => [file]);
      await build({
        entryPoints: Object.values(files).map(([f]) => f as string),
        outdir: dir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
      });
      return Object.fromEntries(shown.map((s) => [s.id, [process.execPath, join(dir, `${s.id}.mjs`)]]));
    },
  },
  {
    label: 'Python',
    debian: 'python3-requests',
    // Debian's python3 where the first on the PATH (pyenv's, say) lacks requests.
    probe: ['bash', '-c', 'python3 -c "import requests" || /usr/bin/python3 -c "import requests"'],
    // The interpreter itself, not a version manager's shim on the PATH (pyenv's took 4 s a run at load 10).
    build: async (dir, shown) => {
      const python = (await run(['python3', '-c', 'import requests, sys; print(sys.executable)'])).stdout.trim();
      return saved(dir, shown, '.py', (file) => [python || '/usr/bin/python3', file]);
    },
  },
  {
    label: 'PHP',
    debian: 'php-cli php-curl',
    probe: ['php', '-r', 'exit(function_exists("curl_init") ? 0 : 1);'],
    build: async (dir, shown) => saved(dir, shown, '.php', (file) => ['php', file]),
  },
  {
    label: 'Java',
    debian: 'default-jdk-headless',
    probe: ['javac', '-version'],
    // Each saved as the class it declares, all compiled by one javac (as `java <file>.java` would, once each).
    build: async (dir, shown) => {
      const files = shown.map((s) => {
        const file = join(dir, `${classOf(s.source)}.java`);
        writeFileSync(file, s.source);
        return file;
      });
      await compiled(run(['javac', '-encoding', 'UTF-8', '-d', dir, ...files]), 'javac');
      // The JVM's quick start (less JIT, the serial collector): a third less CPU a run, the program unchanged.
      const java = ['java', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp', dir];
      return Object.fromEntries(shown.map((s) => [s.id, [...java, classOf(s.source)]]));
    },
  },
  {
    label: 'C#',
    debian: 'mono-mcs libmono-system-net-http4.0-cil',
    probe: ['bash', '-c', 'command -v mcs && ls /usr/lib/mono/4.5/System.Net.Http.dll'],
    build: async (dir, shown) => {
      const commands: Record<string, string[]> = {};
      for (const s of shown) {
        const file = join(dir, `${classOf(s.source)}.cs`);
        writeFileSync(file, s.source);
        const exe = file.replace(/\.cs$/, '.exe');
        await compiled(run(['mcs', '-nologo', '-r:System.Net.Http.dll', `-out:${exe}`, file]), `mcs ${file}`);
        commands[s.id] = ['mono', exe];
      }
      return commands;
    },
  },
  {
    label: 'Go',
    debian: 'golang-go',
    probe: ['go', 'version'],
    // Each a main package of one module, all built by one `go build` (packages in parallel, one cache).
    build: async (dir, shown) => {
      writeFileSync(join(dir, 'go.mod'), 'module samples\n\ngo 1.18\n');
      for (const s of shown) {
        mkdirSync(join(dir, s.id), { recursive: true });
        writeFileSync(join(dir, s.id, 'main.go'), s.source);
      }
      await compiled(run(['go', 'build', '-o', `${join(dir, 'bin')}/`, './...'], {}, dir), 'go build');
      return Object.fromEntries(shown.map((s) => [s.id, [join(dir, 'bin', s.id)]]));
    },
  },
];

/** The program of a language, or an error naming the packages that install its runtime. */
export async function programOf(label: string): Promise<Program> {
  const program = PROGRAMS.find((p) => p.label === label);
  if (!program) throw new Error(`no way to run ${label}`);
  if ((await run(program.probe)).code !== 0)
    throw new Error(`${label}: its runtime is not installed here (apt-get install ${program.debian})`);
  return program;
}
