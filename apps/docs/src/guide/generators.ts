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
  /** The TypeScript that compiled it, how it was installed and the command giving exactly those versions. */
  typescript?: string;
  install?: 'pinned' | 'quick start';
  exact?: string;
  generate: Verdict;
  compile: Verdict;
  journey: Verdict;
  typed: Verdict;
  notes: string[];
}
export interface GeneratorMatrix {
  runs: { [nodeMajor: string]: GeneratorRow[] };
  /** Each generator as its own quick start installs it, on the day named. */
  quickStart?: { date: string; runs: { [nodeMajor: string]: GeneratorRow[] } };
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

const needsPolyfill = (row: GeneratorRow) => row.notes.some((n) => n.includes('map-groupby.mjs'));

/** One run's verdicts in words: proven (with the polyfill, where it needed one), or step by step. */
function verdicts(row: GeneratorRow): string {
  if (STEPS.every(([step]) => row[step] === 'ok'))
    return needsPolyfill(row)
      ? '<strong>proven with the <a href="#node-20">Map.groupBy polyfill</a></strong> (without it, it stops): generates, compiles with <code>tsc --strict</code>, runs the journey, payloads typed.'
      : '<strong>proven</strong>: generates, compiles with <code>tsc --strict</code>, runs the journey, payloads typed.';
  return `${STEPS.map(([step, ok, fail]) => (row[step] === 'ok' ? ok : row[step] === 'fail' ? `<strong>${fail}</strong>` : `${ok}: not run`)).join(', ')}.`;
}

/** The file of the site the matrix reads for each input (the same bytes as its build's). */
const INPUT_FILES = { '3.1': 'openapi.json', '3.0': 'openapi-3.0.json' } as const;

/** The lowest Node major a `>=N…` engines range allows, else undefined. */
const lowestMajor = (engines: string | null) => {
  const m = /^>=\s*(\d+)/.exec(engines ?? '');
  return m ? Number(m[1]) : undefined;
};

type Runs = GeneratorMatrix['runs'];
const majorsOf = (runs: Runs) => Object.keys(runs).sort((a, b) => Number(a) - Number(b));

/** A generator's rows of every Node major of one kind of run. */
function runsOf(runs: Runs, generator: string): { major: string; row: GeneratorRow }[] {
  return majorsOf(runs).flatMap((major) => {
    const r = runs[major]?.find((x) => x.generator === generator);
    return r ? [{ major, row: r }] : [];
  });
}

/** The versions a run installed, and the command that installs exactly them. */
function installed(row: GeneratorRow): string {
  const versions = [
    `${row.generator} ${row.version}`,
    ...row.with,
    ...(row.typescript ? [`TypeScript ${row.typescript}`] : []),
  ];
  const exact = row.exact ? `<br>Exactly these: <code class="command">${esc(row.exact)}</code>` : '';
  return `${versions.map(esc).join(', ')}${exact}`;
}

/** Per generator: the pinned versions' row (every Node merged), then what its own quick start installs today. */
function mergedRows(matrix: GeneratorMatrix): string[][] {
  const first = matrix.runs[majorsOf(matrix.runs)[0] ?? ''] ?? [];
  return first.flatMap((row) => [pinnedRow(matrix, row), ...quickStartRow(matrix, row.generator)]);
}

/** What each generator's quick start installed on each Node, with its verdicts there. */
function quickStartRow(matrix: GeneratorMatrix, generator: string): string[][] {
  const qs = matrix.quickStart;
  const runs = qs ? runsOf(qs.runs, generator) : [];
  if (!qs || !runs.length) return [];
  const first = runs[0]?.row;
  const command = first?.notes.find((n) => n.startsWith('Quick start: '));
  const cells = runs.map(({ major, row }) => {
    const notes = row.notes.filter((n) => !n.startsWith('Quick start: ')).map(inline);
    return `On Node ${major}, npm installed ${installed(row)}<br>${verdicts(row)}${notes.length ? `<br>${notes.join('<br>')}` : ''}`;
  });
  return [
    [
      `<code>${esc(generator)}</code>`,
      `Its own quick start, as run on ${esc(qs.date)}${command ? `: ${inline(command.slice('Quick start: '.length).replace(/\.$/, ''))}` : ''}`,
      first ? `${first.input}: <a href="${INPUT_FILES[first.input]}" download>${INPUT_FILES[first.input]}</a>` : '',
      cells.join('<br>'),
    ],
  ];
}

/** The pinned versions' row: every Node major's verdicts, merged where they agree. */
function pinnedRow(matrix: GeneratorMatrix, row: GeneratorRow): string[] {
  const runs = runsOf(matrix.runs, row.generator);
  const said = runs.map((r) => verdicts(r.row));
  const verdict =
    new Set(said).size === 1
      ? `On Node ${runs.map((r) => r.major).join(' and ')}: ${said[0]}`
      : runs.map((r, i) => `On Node ${r.major}: ${said[i]}`).join('<br>');
  const notes = [...new Set(runs.flatMap((r) => r.row.notes))].map(inline);
  const lowest = lowestMajor(row.engines);
  const below = runs.filter(
    (r) => lowest !== undefined && Number(r.major) < lowest && r.row.generate === 'ok' && !needsPolyfill(r.row),
  );
  if (below.length)
    notes.push(
      `Its package declares Node ${esc(row.engines)}; here it also ran on Node ${below.map((r) => r.major).join(' and ')}.`,
    );
  return [
    `<code>${esc(row.generator)}</code>`,
    `Pinned: ${installed(row)}`,
    `${row.input}: <a href="${INPUT_FILES[row.input]}" download>${INPUT_FILES[row.input]}</a>`,
    [verdict, ...notes].join('<br>'),
  ];
}

/** The Downloads section: the generators a test proves, from the matrix's own results. */
export function generatorsSection(matrix = readGeneratorMatrix()): string {
  if (!matrix || !Object.keys(matrix.runs).length)
    return '<h2 id="generators">Code generators</h2>\n<p class="missing">The generator matrix\'s results were not available when this site was built.</p>';
  const majors = majorsOf(matrix.runs);
  const needing = [
    ...new Set(Object.values(matrix.runs).flatMap((rows) => rows.filter(needsPolyfill).map((r) => r.generator))),
  ];
  const polyfill =
    needing.length && existsSync(POLYFILL)
      ? `<p id="node-20">On Node 20, a generator that calls <code>Map.groupBy</code> (Node 21+) stops with
<code>Map.groupBy is not a function</code>. Use Node 22, or save this as <code>map-groupby.mjs</code> beside your
configuration and load it first:</p>
${code(readFileSync(POLYFILL, 'utf8').trimEnd(), 'js')}
${code(needing.map((g) => `NODE_OPTIONS="--import ./map-groupby.mjs" npx ${g}   # with your usual arguments`).join('\n'), 'sh')}`
      : '';
  const quick = matrix.quickStart
    ? ` Each is tried twice: with the versions pinned below, checked with every build of this description, and as its
own quick start installs it (no versions given: what npm picks for that Node, TypeScript included), as run on
${esc(matrix.quickStart.date)}. A quick start that fails names the cause; the pinned command beside it is the one to copy.`
    : '';
  return `<h2 id="generators">Code generators</h2>
<p>Before the site is published, the description is fed to the code generators partners use, on Node
${majors.join(' and ')}: each generates from the file named, its output and a journey (instant authentication,
questions, answers, result) compile with <code>tsc --strict</code> and nothing suppressed, the journey runs against the
sandbox, and a type-level check proves the payload fields typed, not <code>any</code>.${quick} This table is those
runs' output, never written by hand.</p>
${table(['Generator', 'Installed', 'Input file', 'Verdict and notes'], mergedRows(matrix), 'generators')}
${polyfill}`;
}
