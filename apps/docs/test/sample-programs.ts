import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Ran, run } from '@tas/serve/testing';

/** One operation's sample in one language, as the reference shows it. */
export interface Shown {
  operationId: string;
  source: string;
}

/** One run of one sample, with the environment it reads (BASE_URL, API_KEY, RECORD, …). */
export interface SampleRun {
  operationId: string;
  env: Record<string, string>;
}

/** What one run printed. */
export interface Printed {
  operationId: string;
  stdout: string;
  stderr: string;
}

/**
 * A language's samples made into one program (compiled once where the language compiles) that runs
 * a list of samples in one process, each with its own environment, set before it starts: the samples
 * read the environment as they are shown. `debian` names the packages that bring the runtime.
 */
export interface Program {
  label: string;
  debian: string;
  /** A command that succeeds only where the runtime (and its HTTP library) is installed. */
  probe: string[];
  /** Writes and compiles the program in `dir` (fails with the compiler's words); runs lists of samples. */
  build: (dir: string, shown: Shown[]) => Promise<(runs: SampleRun[]) => Promise<Printed[]>>;
}

/** The line that starts each run's output, on stdout and on stderr. */
const MARK = '@@@ sample';

/** The runs as the programs read them: one line each, the operation then KEY=VALUE, tab-separated. */
function runsFile(dir: string, runs: SampleRun[]): string {
  const file = join(dir, `runs-${Date.now()}-${Math.random().toString(36).slice(2)}.tsv`);
  const lines = runs.map((r) => [r.operationId, ...Object.entries(r.env).map(([k, v]) => `${k}=${v}`)].join('\t'));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Runs the program on the runs, and splits what it printed by run. */
function runner(command: (file: string) => string[], dir: string) {
  return async (runs: SampleRun[]): Promise<Printed[]> => {
    const ran = await run(command(runsFile(dir, runs)));
    const split = (text: string) => text.split(new RegExp(`^${MARK}\\n`, 'm')).slice(1);
    const [out, err] = [split(ran.stdout), split(ran.stderr)];
    return runs.map((r, i) => ({
      operationId: r.operationId,
      stdout: out[i] ?? '',
      stderr: `${err[i] ?? ''}${i === runs.length - 1 && ran.code !== 0 ? `exit ${ran.code}: ${ran.stderr.slice(-500)}` : ''}`,
    }));
  };
}

async function compiled(step: Promise<Ran>, what: string): Promise<void> {
  const ran = await step;
  if (ran.code !== 0) throw new Error(`${what} failed (exit ${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
}

const indent = (source: string, by: string) =>
  source
    .split('\n')
    .map((l) => (l ? `${by}${l}` : l))
    .join('\n');

/** The code between a snippet's `func main() {` and its last `}`, and its imports (Go). */
function goParts(source: string): { imports: string[]; body: string } {
  const imports = [...(/import \(\n([\s\S]*?)\n\)/.exec(source)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const start = source.indexOf('func main() {\n');
  return { imports, body: source.slice(start + 'func main() {\n'.length, source.lastIndexOf('}')) };
}

/** A snippet's leading `using X;` lines (C#), kept apart from its statements. */
function csParts(source: string): { usings: string[]; body: string } {
  const lines = source.split('\n');
  const usings = lines.filter((l) => /^using [\w.]+;$/.test(l));
  return { usings, body: lines.filter((l) => !usings.includes(l)).join('\n') };
}

export const PROGRAMS: Program[] = [
  {
    label: 'Python',
    debian: 'python3-requests',
    // Debian's python3 where the first on the PATH (pyenv's, say) lacks requests.
    probe: ['bash', '-c', 'python3 -c "import requests" || /usr/bin/python3 -c "import requests"'],
    build: async (dir, shown) => {
      const python = (await run(['python3', '-c', 'import requests'])).code === 0 ? 'python3' : '/usr/bin/python3';
      const functions = shown.map(
        (s) => `def sample_${s.operationId.replace(/-/g, '_')}():\n${indent(s.source, '    ')}`,
      );
      writeFileSync(
        join(dir, 'samples.py'),
        `import os, sys, traceback\n\n${functions.join('\n\n')}\n\nfor line in open(sys.argv[1], encoding="utf-8").read().splitlines():\n    op, *pairs = line.split("\\t")\n    os.environ.update(dict(p.split("=", 1) for p in pairs))\n    print("${MARK}", flush=True)\n    print("${MARK}", file=sys.stderr, flush=True)\n    try:\n        globals()["sample_" + op.replace("-", "_")]()\n    except BaseException:\n        traceback.print_exc()\n    sys.stdout.flush()\n    sys.stderr.flush()\n`,
      );
      return runner((file) => [python, join(dir, 'samples.py'), file], dir);
    },
  },
  {
    label: 'PHP',
    debian: 'php-cli php-curl',
    probe: ['php', '-r', 'exit(function_exists("curl_init") ? 0 : 1);'],
    build: async (dir, shown) => {
      const functions = shown.map(
        (s) => `function sample_${s.operationId.replace(/-/g, '_')}() {\n${s.source.replace(/^<\?php\n/, '')}\n}`,
      );
      writeFileSync(
        join(dir, 'samples.php'),
        `<?php\n${functions.join('\n\n')}\n\nforeach (file($argv[1], FILE_IGNORE_NEW_LINES) as $line) {\n  $pairs = explode("\\t", $line);\n  $op = array_shift($pairs);\n  foreach ($pairs as $pair) putenv($pair);\n  echo "${MARK}\\n";\n  fwrite(STDERR, "${MARK}\\n");\n  try { call_user_func('sample_' . str_replace('-', '_', $op)); } catch (Throwable $e) { fwrite(STDERR, $e->getMessage() . "\\n"); }\n  echo "\\n";\n}\n`,
      );
      return runner((file) => ['php', join(dir, 'samples.php'), file], dir);
    },
  },
  {
    label: 'Java',
    debian: 'default-jdk-headless',
    probe: ['javac', '-version'],
    build: async (dir, shown) => {
      // A JVM cannot change its own environment: the samples' System.getenv reads the run's instead.
      const methods = shown.map(
        (s) => `static void ${s.operationId}() throws Exception {\n${s.source.replaceAll('System.getenv(', 'env(')}\n}`,
      );
      const cases = shown.map((s) => `case "${s.operationId}": ${s.operationId}(); break;`);
      writeFileSync(
        join(dir, 'Samples.java'),
        `import java.net.URI;\nimport java.net.http.*;\nimport java.nio.file.*;\nimport java.util.*;\n\npublic class Samples {\nstatic Map<String, String> ENV = new HashMap<>();\nstatic String env(String name) { return ENV.get(name); }\n${methods.join('\n')}\npublic static void main(String[] args) throws Exception {\nfor (String line : Files.readAllLines(Paths.get(args[0]))) {\nString[] parts = line.split("\\t");\nfor (int i = 1; i < parts.length; i++) { String[] kv = parts[i].split("=", 2); ENV.put(kv[0], kv[1]); }\nSystem.out.println("${MARK}"); System.out.flush(); System.err.println("${MARK}"); System.err.flush();\ntry {\nswitch (parts[0]) {\n${cases.join('\n')}\ndefault: throw new IllegalArgumentException(parts[0]);\n}\n} catch (Exception e) { e.printStackTrace(); }\nSystem.out.flush(); System.err.flush();\n}\n}\n}\n`,
      );
      await compiled(run(['javac', '-encoding', 'UTF-8', '-d', dir, join(dir, 'Samples.java')]), 'javac');
      return runner((file) => ['java', '-cp', dir, 'Samples', file], dir);
    },
  },
  {
    label: 'C#',
    debian: 'mono-mcs libmono-system-net-http4.0-cil',
    probe: ['bash', '-c', 'command -v mcs && ls /usr/lib/mono/4.5/System.Net.Http.dll'],
    build: async (dir, shown) => {
      const parts = shown.map((s) => ({ ...csParts(s.source), id: s.operationId }));
      const usings = new Set([
        'using System;',
        'using System.IO;',
        'using System.Net.Http;',
        'using System.Threading.Tasks;',
      ]);
      for (const p of parts) for (const u of p.usings) usings.add(u);
      const methods = parts.map((p) => `static async Task ${p.id}() {\n${p.body}\n}`);
      const cases = parts.map((p) => `case "${p.id}": ${p.id}().GetAwaiter().GetResult(); break;`);
      const file = join(dir, 'Samples.cs');
      writeFileSync(
        file,
        `${[...usings].join('\n')}\n\nclass Samples {\n${methods.join('\n')}\nstatic void Main(string[] args) {\nforeach (var line in File.ReadAllLines(args[0])) {\nvar parts = line.Split('\\t');\nfor (var i = 1; i < parts.Length; i++) { var kv = parts[i].Split(new[] { '=' }, 2); Environment.SetEnvironmentVariable(kv[0], kv[1]); }\nConsole.Out.WriteLine("${MARK}"); Console.Out.Flush(); Console.Error.WriteLine("${MARK}"); Console.Error.Flush();\ntry {\nswitch (parts[0]) {\n${cases.join('\n')}\ndefault: throw new ArgumentException(parts[0]);\n}\n} catch (Exception e) { Console.Error.WriteLine(e); }\nConsole.Out.Flush(); Console.Error.Flush();\n}\n}\n}\n`,
      );
      const exe = join(dir, 'Samples.exe');
      await compiled(run(['mcs', '-nologo', '-r:System.Net.Http.dll', `-out:${exe}`, file]), 'mcs');
      return runner((file) => ['mono', exe, file], dir);
    },
  },
  {
    label: 'Go',
    debian: 'golang-go',
    probe: ['go', 'version'],
    build: async (dir, shown) => {
      const parts = shown.map((s) => ({ ...goParts(s.source), id: s.operationId }));
      const imports = new Set(['bufio', 'fmt', 'os', 'strings', ...parts.flatMap((p) => p.imports)]);
      const funcs = parts.map((p) => `func sample_${p.id}() {\n${p.body}}`);
      const cases = parts.map((p) => `\t\tcase "${p.id}":\n\t\t\tsample_${p.id}()`);
      const file = join(dir, 'samples.go');
      writeFileSync(
        file,
        `package main\n\nimport (\n${[...imports].map((i) => `\t"${i}"`).join('\n')}\n)\n\n${funcs.join('\n\n')}\n\nfunc one(line string) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tfmt.Fprintln(os.Stderr, r)\n\t\t}\n\t}()\n\tparts := strings.Split(line, "\\t")\n\tfor _, pair := range parts[1:] {\n\t\tkv := strings.SplitN(pair, "=", 2)\n\t\tos.Setenv(kv[0], kv[1])\n\t}\n\tfmt.Println("${MARK}")\n\tfmt.Fprintln(os.Stderr, "${MARK}")\n\tswitch parts[0] {\n${cases.join('\n')}\n\tdefault:\n\t\tpanic(parts[0])\n\t}\n}\n\nfunc main() {\n\tfile, _ := os.Open(os.Args[1])\n\tlines := bufio.NewScanner(file)\n\tfor lines.Scan() {\n\t\tone(lines.Text())\n\t}\n}\n`,
      );
      const exe = join(dir, 'samples');
      await compiled(run(['go', 'build', '-o', exe, file], {}, dir), 'go build');
      return runner((file) => [exe, file], dir);
    },
  },
];
