/**
 * The partners' languages whose samples httpsnippet writes (`snippets.ts`), and the few things it
 * cannot know: how each reads the variables a sample needs (BASE_URL, API_KEY, RECORD, …) and where
 * those lines go. A value is spliced into the library's string literals by `bind.ts`.
 */
export type FreshName = 'EXTERNAL_ID' | 'EXTERNAL_ID_2' | 'MOBILE';

export interface Language {
  /** The tab's label, also the key of the sample in code-samples.json. */
  label: string;
  /** httpsnippet's target and client. */
  target: 'python' | 'php' | 'java' | 'csharp' | 'go';
  client: string;
  comment: string;
  /** The operator that joins strings. */
  concat: string;
  /** A variable where the sample uses it. */
  ref: (name: string) => string;
  /** A line that reads an environment variable into `name`. */
  read: (name: string) => string;
  /**
   * The line that makes each value new on every run: EXTERNAL_ID (unique per organizer) the time in
   * microseconds (two runs in one millisecond made one id), times 2 so that a second role's id
   * (EXTERNAL_ID_2, +1) is never the next run's first, under 2^53 so JavaScript reads it exactly;
   * MOBILE (the sandbox allows 5 authentications per mobile) 09 and that time's last 9 digits.
   */
  fresh: Record<FreshName, string>;
  /** A line that reads an environment variable holding JSON text (JSON_TEXT) into `name`, parsed. */
  readJson?: (name: string) => string;
  /** A line that prints `mobile: <the value>` first (its SMS code is read for that number). */
  say: (name: string) => string;
  /** A number variable inside a string being joined (Go joins only strings). */
  numberText?: (name: string) => string;
  /** What the library writes wrong in this language, put right. */
  repair?: (code: string) => string;
  /**
   * The sample, a whole program, with its header comment and variable lines in place; `name` the
   * operation's in PascalCase (a Java or C# class).
   */
  place: (code: string, at: { header: string[]; lines: string[]; fresh: FreshName[]; name: string }) => string;
}

const indent = (lines: string[], by: string) => lines.map((l) => (l ? `${by}${l}` : l));

export const LANGUAGES: Language[] = [
  {
    label: 'Python',
    target: 'python',
    client: 'requests',
    comment: '#',
    concat: ' + ',
    ref: (n) => n,
    read: (n) => `${n} = os.environ["${n}"]`,
    readJson: (n) => `${n} = json.loads(os.environ["${n}"])`,
    say: (n) => `print("mobile:", ${n})`,
    fresh: {
      EXTERNAL_ID: 'EXTERNAL_ID = time.time_ns() // 1000 * 2',
      EXTERNAL_ID_2: 'EXTERNAL_ID_2 = EXTERNAL_ID + 1',
      MOBILE: 'MOBILE = "09%09d" % (time.time_ns() // 1000 % 10**9)',
    },
    place: (code, { header, lines, fresh }) =>
      [
        ...header,
        `import os${lines.some((l) => l.includes('json.loads')) ? '\nimport json' : ''}${fresh.length ? '\nimport time' : ''}`,
        code.replace(/^(import requests\n)\n/, `$1\n${lines.join('\n')}\n\n`),
      ].join('\n'),
  },
  {
    label: 'PHP',
    target: 'php',
    client: 'curl',
    comment: '//',
    concat: ' . ',
    ref: (n) => `$${n}`,
    read: (n) => `$${n} = getenv('${n}');`,
    readJson: (n) => `$${n} = json_decode(getenv('${n}'));`,
    say: (n) => `echo "mobile: $${n}\\n";`,
    fresh: {
      EXTERNAL_ID: '$EXTERNAL_ID = (int) (microtime(true) * 1000000) * 2;',
      EXTERNAL_ID_2: '$EXTERNAL_ID_2 = $EXTERNAL_ID + 1;',
      MOBILE: "$MOBILE = sprintf('09%09d', (int) (microtime(true) * 1000000) % 1000000000);",
    },
    // An empty JSON object comes out as json_encode([]), which PHP sends as [] (an array).
    repair: (code) => code.replace(/json_encode\(\[\s*\]\)/g, 'json_encode((object) [])'),
    place: (code, { header, lines }) =>
      code.replace(/^<\?php\n\n/, `<?php\n${header.join('\n')}\n\n${lines.join('\n')}\n\n`),
  },
  {
    label: 'Java',
    target: 'java',
    client: 'nethttp',
    comment: '//',
    concat: ' + ',
    ref: (n) => n,
    read: (n) => `String ${n} = System.getenv("${n}");`,
    say: (n) => `System.out.println("mobile: " + ${n});`,
    fresh: {
      EXTERNAL_ID:
        'long EXTERNAL_ID = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now()) * 2;',
      EXTERNAL_ID_2: 'long EXTERNAL_ID_2 = EXTERNAL_ID + 1;',
      MOBILE:
        'String MOBILE = String.format("09%09d", java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now()) % 1000000000);',
    },
    place: (code, { header, lines, name }) =>
      [
        ...header,
        `// Save as ${name}.java and run: java ${name}.java (Java 11+)`,
        ...['URI', 'http.HttpClient', 'http.HttpRequest', 'http.HttpResponse'].map((c) => `import java.net.${c};`),
        '',
        `public class ${name} {`,
        '    public static void main(String[] args) throws Exception {',
        ...indent([...lines, ...code.split('\n')], '        '),
        '    }',
        '}',
      ].join('\n'),
  },
  {
    label: 'C#',
    target: 'csharp',
    client: 'httpclient',
    comment: '//',
    concat: ' + ',
    ref: (n) => n,
    read: (n) => `var ${n} = Environment.GetEnvironmentVariable("${n}");`,
    say: (n) => `Console.WriteLine("mobile: " + ${n});`,
    fresh: {
      EXTERNAL_ID: 'var EXTERNAL_ID = (DateTimeOffset.UtcNow - DateTimeOffset.UnixEpoch).Ticks / 10 * 2;',
      EXTERNAL_ID_2: 'var EXTERNAL_ID_2 = EXTERNAL_ID + 1;',
      MOBILE:
        'var MOBILE = "09" + ((DateTimeOffset.UtcNow - DateTimeOffset.UnixEpoch).Ticks / 10 % 1000000000).ToString("D9");',
    },
    // A class with Main, not top-level statements: Mono's compiler (C# 7) has neither those nor an async Main.
    place: (code, { header, lines, name }) => {
      const usings = code.match(/^(using [^\n]+\n)*/)?.[0] ?? '';
      return [
        ...header,
        `// Save as ${name}.cs and run: mcs -r:System.Net.Http.dll ${name}.cs && mono ${name}.exe (or as Program.cs of a dotnet console project)`,
        ...['System', 'System.Net.Http', 'System.Threading.Tasks'].map((u) => `using ${u};`),
        ...usings.split('\n').filter(Boolean),
        '',
        `class ${name}`,
        '{',
        '    static void Main() => Run().GetAwaiter().GetResult();',
        '',
        '    static async Task Run()',
        '    {',
        ...indent([...lines, ...code.slice(usings.length).split('\n')], '        '),
        '    }',
        '}',
      ].join('\n');
    },
  },
  {
    label: 'Go',
    target: 'go',
    client: 'native',
    comment: '//',
    concat: ' + ',
    ref: (n) => n,
    read: (n) => `${n} := os.Getenv("${n}")`,
    say: (n) => `fmt.Println("mobile:", ${n})`,
    fresh: {
      EXTERNAL_ID: 'EXTERNAL_ID := time.Now().UnixMicro() * 2',
      EXTERNAL_ID_2: 'EXTERNAL_ID_2 := EXTERNAL_ID + 1',
      MOBILE: 'MOBILE := fmt.Sprintf("09%09d", time.Now().UnixMicro()%1000000000)',
    },
    numberText: (n) => `strconv.FormatInt(${n}, 10)`,
    place: (code, { header, lines, fresh }) =>
      [
        ...header,
        code
          .replace(
            /^import \(\n/m,
            `import (\n\t"os"\n${fresh.includes('EXTERNAL_ID') ? '\t"strconv"\n' : ''}${fresh.length ? '\t"time"\n' : ''}`,
          )
          .replace(/^func main\(\) \{\n/m, `func main() {\n${indent(lines, '\t').join('\n')}\n`),
      ].join('\n'),
  },
];
