/**
 * The partners' languages whose samples httpsnippet writes (`snippets.ts`), and the few things it
 * cannot know: how each reads the variables a sample needs (BASE_URL, API_KEY, RECORD, …) and where
 * those lines go. A value is spliced into the library's string literals by `bind.ts`.
 */
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
   * Lines that make a new external_id each run (unique per organizer): EXTERNAL_ID, EXTERNAL_ID_2. The
   * time in microseconds (two runs in one millisecond made one id), times 2 so that a second role's id
   * (+1) is never the next run's first; under 2^53, so JavaScript reads it exactly.
   */
  fresh: string[];
  /** A number variable inside a string being joined (Go joins only strings). */
  numberText?: (name: string) => string;
  /** What the library writes wrong in this language, put right. */
  repair?: (code: string) => string;
  /** The sample with its header comment and variable lines in place. */
  place: (code: string, header: string[], lines: string[], fresh: boolean) => string;
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
    fresh: ['EXTERNAL_ID = time.time_ns() // 1000 * 2', 'EXTERNAL_ID_2 = EXTERNAL_ID + 1'],
    place: (code, header, lines, fresh) =>
      [
        ...header,
        `import os${fresh ? '\nimport time' : ''}`,
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
    fresh: ['$EXTERNAL_ID = (int) (microtime(true) * 1000000) * 2;', '$EXTERNAL_ID_2 = $EXTERNAL_ID + 1;'],
    // An empty JSON object comes out as json_encode([]), which PHP sends as [] (an array).
    repair: (code) => code.replace(/json_encode\(\[\s*\]\)/g, 'json_encode((object) [])'),
    place: (code, header, lines) =>
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
    fresh: [
      'long EXTERNAL_ID = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now()) * 2;',
      'long EXTERNAL_ID_2 = EXTERNAL_ID + 1;',
    ],
    place: (code, header, lines) =>
      [...header, '// java.net.http (Java 11+): import java.net.URI and java.net.http.*', ...lines, code].join('\n'),
  },
  {
    label: 'C#',
    target: 'csharp',
    client: 'httpclient',
    comment: '//',
    concat: ' + ',
    ref: (n) => n,
    read: (n) => `var ${n} = Environment.GetEnvironmentVariable("${n}");`,
    fresh: [
      'var EXTERNAL_ID = (DateTimeOffset.UtcNow - DateTimeOffset.UnixEpoch).Ticks / 10 * 2;',
      'var EXTERNAL_ID_2 = EXTERNAL_ID + 1;',
    ],
    place: (code, header, lines) => {
      const usings = code.match(/^(using [^\n]+\n)*/)?.[0] ?? '';
      return [...header, `${usings}${lines.join('\n')}`, code.slice(usings.length)].join('\n');
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
    fresh: ['EXTERNAL_ID := time.Now().UnixMicro() * 2', 'EXTERNAL_ID_2 := EXTERNAL_ID + 1'],
    numberText: (n) => `strconv.FormatInt(${n}, 10)`,
    place: (code, header, lines, fresh) =>
      [
        ...header,
        code
          .replace(/^import \(\n/m, `import (\n\t"os"\n${fresh ? '\t"strconv"\n\t"time"\n' : ''}`)
          .replace(/^func main\(\) \{\n/m, `func main() {\n${indent(lines, '\t').join('\n')}\n`),
      ].join('\n'),
  },
];
