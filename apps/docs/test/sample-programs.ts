import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Ran, run } from '@tas/serve/testing';

/** One operation's sample in one language, as the reference shows it. */
export interface Shown {
  operationId: string;
  source: string;
}

/**
 * A language's samples made into one program (compiled once where the language compiles), and the
 * command that runs one operation's sample in it; `debian` names the packages that bring the runtime.
 */
export interface Program {
  label: string;
  debian: string;
  /** A command that succeeds only where the runtime (and its HTTP library) is installed. */
  probe: string[];
  /** Writes and compiles the program in `dir`; fails with the compiler's words. */
  build: (dir: string, shown: Shown[]) => Promise<(operationId: string) => string[]>;
}

async function compiled(step: Promise<Ran>, what: string): Promise<void> {
  const ran = await step;
  if (ran.code !== 0) throw new Error(`${what} failed (exit ${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
}

/** The code between a snippet's `func main() {` and its last `}`, and its imports (Go). */
function goParts(source: string): { imports: string[]; body: string } {
  const imports = [...(/import \(\n([\s\S]*?)\n\)/.exec(source)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const start = source.indexOf('func main() {\n');
  const body = source.slice(start + 'func main() {\n'.length, source.lastIndexOf('}'));
  return { imports, body };
}

/** A snippet's leading `using X;` lines (C#), kept apart from its statements. */
function csParts(source: string): { usings: string[]; body: string } {
  const lines = source.split('\n');
  const usings = lines.filter((l) => /^using [\w.]+;$/.test(l));
  return { usings, body: lines.filter((l) => !usings.includes(l)).join('\n') };
}

const scripts = (ext: string, command: string) => async (dir: string, shown: Shown[]) => {
  for (const s of shown) writeFileSync(join(dir, `${s.operationId}.${ext}`), s.source);
  return (operationId: string) => [command, join(dir, `${operationId}.${ext}`)];
};

export const PROGRAMS: Program[] = [
  // Debian's python3 where the first on the PATH (pyenv's, say) lacks requests.
  {
    label: 'Python',
    debian: 'python3-requests',
    probe: ['bash', '-c', 'python3 -c "import requests" || /usr/bin/python3 -c "import requests"'],
    build: async (dir, shown) => {
      const python = (await run(['python3', '-c', 'import requests'])).code === 0 ? 'python3' : '/usr/bin/python3';
      return scripts('py', python)(dir, shown);
    },
  },
  {
    label: 'PHP',
    debian: 'php-cli php-curl',
    probe: ['php', '-r', 'exit(function_exists("curl_init") ? 0 : 1);'],
    build: scripts('php', 'php'),
  },
  {
    label: 'Java',
    debian: 'default-jdk-headless',
    probe: ['javac', '-version'],
    build: async (dir, shown) => {
      const methods = shown.map((s) => `static void ${s.operationId}() throws Exception {\n${s.source}\n}`);
      const cases = shown.map((s) => `case "${s.operationId}": ${s.operationId}(); break;`);
      writeFileSync(
        join(dir, 'Samples.java'),
        `import java.net.URI;\nimport java.net.http.*;\n\npublic class Samples {\n${methods.join('\n')}\npublic static void main(String[] args) throws Exception {\nswitch (args[0]) {\n${cases.join('\n')}\ndefault: throw new IllegalArgumentException(args[0]);\n}\n}\n}\n`,
      );
      await compiled(run(['javac', '-encoding', 'UTF-8', '-d', dir, join(dir, 'Samples.java')]), 'javac');
      return (operationId) => ['java', '-cp', dir, 'Samples', operationId];
    },
  },
  {
    label: 'C#',
    debian: 'mono-mcs libmono-system-net-http4.0-cil',
    probe: ['bash', '-c', 'command -v mcs && ls /usr/lib/mono/4.5/System.Net.Http.dll'],
    build: async (dir, shown) => {
      const parts = shown.map((s) => ({ ...csParts(s.source), id: s.operationId }));
      const usings = new Set(['using System;', 'using System.Net.Http;', 'using System.Threading.Tasks;']);
      for (const p of parts) for (const u of p.usings) usings.add(u);
      const methods = parts.map((p) => `static async Task ${p.id}() {\n${p.body}\n}`);
      const cases = parts.map((p) => `case "${p.id}": ${p.id}().GetAwaiter().GetResult(); break;`);
      const file = join(dir, 'Samples.cs');
      writeFileSync(
        file,
        `${[...usings].join('\n')}\n\nclass Samples {\n${methods.join('\n')}\nstatic void Main(string[] args) {\nswitch (args[0]) {\n${cases.join('\n')}\ndefault: throw new ArgumentException(args[0]);\n}\n}\n}\n`,
      );
      const exe = join(dir, 'Samples.exe');
      await compiled(run(['mcs', '-nologo', '-r:System.Net.Http.dll', `-out:${exe}`, file]), 'mcs');
      return (operationId) => ['mono', exe, operationId];
    },
  },
  {
    label: 'Go',
    debian: 'golang-go',
    probe: ['go', 'version'],
    build: async (dir, shown) => {
      const parts = shown.map((s) => ({ ...goParts(s.source), id: s.operationId }));
      const imports = new Set(['os', ...parts.flatMap((p) => p.imports)]);
      const funcs = parts.map((p) => `func sample_${p.id}() {\n${p.body}}`);
      const cases = parts.map((p) => `\tcase "${p.id}":\n\t\tsample_${p.id}()`);
      const file = join(dir, 'samples.go');
      writeFileSync(
        file,
        `package main\n\nimport (\n${[...imports].map((i) => `\t"${i}"`).join('\n')}\n)\n\n${funcs.join('\n\n')}\n\nfunc main() {\n\tswitch os.Args[1] {\n${cases.join('\n')}\n\tdefault:\n\t\tpanic(os.Args[1])\n\t}\n}\n`,
      );
      const exe = join(dir, 'samples');
      await compiled(run(['go', 'build', '-o', exe, file], {}, dir), 'go build');
      return (operationId) => [exe, operationId];
    },
  },
];
