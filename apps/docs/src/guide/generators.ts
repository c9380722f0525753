import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { code, esc, inline, table } from './html.js';

// The rows of apps/generators/matrix.json (its src/types.ts Row), as this page reads them.
type Verdict = 'ok' | 'fail' | 'not run';
export interface GeneratorRow {
  generator: string;
  version: string;
  with: string[];
  input: '3.1' | '3.0';
  engines: string | null;
  generate: Verdict;
  compile: Verdict;
  journey: Verdict;
  typed: Verdict;
  notes: string[];
}
export interface GeneratorMatrix {
  runs: { [nodeMajor: string]: GeneratorRow[] };
}

const MATRIX = fileURLToPath(new URL('../../../generators/matrix.json', import.meta.url));
const POLYFILL = fileURLToPath(new URL('../../../generators/scripts/map-groupby.mjs', import.meta.url));

/** The generator matrix's results, written by its run (`npm run matrix -w @tas/generators`); absent: undefined. */
export function readGeneratorMatrix(file = MATRIX): GeneratorMatrix | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as GeneratorMatrix) : undefined;
}

/** Each step's words: [step, when ok, when it failed]. */
const STEPS = [
  ['generate', 'generates', 'does not generate'],
  ['compile', 'compiles with <code>tsc --strict</code>', 'does not compile with <code>tsc --strict</code>'],
  ['journey', 'runs the journey', 'the journey fails'],
  ['typed', 'payloads typed', 'payloads typed <code>any</code>'],
] as const;

/** One run's verdicts in words: proven, or step by step. */
function verdicts(row: GeneratorRow): string {
  if (STEPS.every(([step]) => row[step] === 'ok'))
    return '<strong>proven</strong>: generates, compiles with <code>tsc --strict</code>, runs the journey, payloads typed.';
  return `${STEPS.map(([step, ok, fail]) => (row[step] === 'ok' ? ok : row[step] === 'fail' ? `<strong>${fail}</strong>` : `${ok}: not run`)).join(', ')}.`;
}

/** The file of the site the matrix reads for each input (the same bytes as its build's). */
const INPUT_FILES = { '3.1': 'openapi.json', '3.0': 'openapi-3.0.json' } as const;

/** The lowest Node major a `>=N…` engines range allows, else undefined. */
const lowestMajor = (engines: string | null) => {
  const m = /^>=\s*(\d+)/.exec(engines ?? '');
  return m ? Number(m[1]) : undefined;
};

/** Per generator, its rows of every Node major, merged into the page's row. */
function mergedRows(matrix: GeneratorMatrix): string[][] {
  const majors = Object.keys(matrix.runs).sort((a, b) => Number(a) - Number(b));
  const first = matrix.runs[majors[0] ?? ''] ?? [];
  return first.map((row) => {
    const runs = majors.flatMap((major) => {
      const r = matrix.runs[major]?.find((x) => x.generator === row.generator);
      return r ? [{ major, row: r }] : [];
    });
    const said = runs.map((r) => verdicts(r.row));
    const verdict =
      new Set(said).size === 1
        ? `On Node ${runs.map((r) => r.major).join(' and ')}: ${said[0]}`
        : runs.map((r, i) => `On Node ${r.major}: ${said[i]}`).join('<br>');
    const notes = [...new Set(runs.flatMap((r) => r.row.notes))].map(inline);
    const lowest = lowestMajor(row.engines);
    const below = runs.filter(
      (r) =>
        lowest !== undefined &&
        Number(r.major) < lowest &&
        r.row.generate === 'ok' &&
        !r.row.notes.some((n) => n.includes('map-groupby.mjs')),
    );
    if (below.length)
      notes.push(
        `Its package declares Node ${esc(row.engines)}; here it also ran on Node ${below.map((r) => r.major).join(' and ')}.`,
      );
    if (row.with.length) notes.push(`With ${row.with.map((w) => `<code>${esc(w)}</code>`).join(', ')}.`);
    return [
      `<code>${esc(row.generator)}</code>`,
      esc(row.version),
      `${row.input}: <a href="${INPUT_FILES[row.input]}" download>${INPUT_FILES[row.input]}</a>`,
      [verdict, ...notes].join('<br>'),
    ];
  });
}

/** The Downloads section: the generators a test proves, from the matrix's own results. */
export function generatorsSection(matrix = readGeneratorMatrix()): string {
  if (!matrix || !Object.keys(matrix.runs).length)
    return '<h2 id="generators">Code generators</h2>\n<p class="missing">The generator matrix\'s results were not available when this site was built.</p>';
  const majors = Object.keys(matrix.runs).sort((a, b) => Number(a) - Number(b));
  const needing = [
    ...new Set(
      Object.values(matrix.runs).flatMap((rows) =>
        rows.filter((r) => r.notes.some((n) => n.includes('map-groupby.mjs'))).map((r) => r.generator),
      ),
    ),
  ];
  const polyfill =
    needing.length && existsSync(POLYFILL)
      ? `<p id="node-20">On Node 20, a generator that calls <code>Map.groupBy</code> (Node 21+) stops with
<code>Map.groupBy is not a function</code>. Use Node 22, or save this as <code>map-groupby.mjs</code> beside your
configuration and load it first:</p>
${code(readFileSync(POLYFILL, 'utf8').trimEnd(), 'js')}
${code(needing.map((g) => `NODE_OPTIONS="--import ./map-groupby.mjs" npx ${g}   # with your usual arguments`).join('\n'), 'sh')}`
      : '';
  return `<h2 id="generators">Code generators</h2>
<p>Before the site is published, the description is fed to the code generators partners use, with the versions below, on
Node ${majors.join(' and ')}: each generates from the file named, its output and a journey (instant authentication,
questions, answers, result) compile with <code>tsc --strict</code> and nothing suppressed, the journey runs against the
sandbox, and a type-level check proves the payload fields typed, not <code>any</code>. This table is that run's
output, never written by hand.</p>
${table(['Generator', 'Version', 'Input file', 'Notes'], mergedRows(matrix))}
${polyfill}`;
}
