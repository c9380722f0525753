import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { binScript } from './packages.js';
import type { Verdict } from './types.js';

export interface Compiled {
  compile: Verdict;
  typed: Verdict;
  notes: string[];
}

/** The compiler options of a partner's strict project; nothing more, nothing switched off. */
const OPTIONS = {
  strict: true,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'Bundler',
  types: ['node'],
  skipLibCheck: true,
};

/** A line of a journey that asserts a payload field is typed ends with this comment. */
export const TYPED_MARK = '// typed';
const SUPPRESSION = /@ts-(nocheck|ignore|expect-error)/;
const SUPPRESSIONS = new RegExp(SUPPRESSION.source, 'g');

interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Every suppression in a generator's output, as `file:line` notes, each taken out of its file (the
 * generated copy is the matrix's own), so that the strict compile judges the code with none.
 */
function removeSuppressions(dir: string): string[] {
  return tsFiles(dir).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = text.split('\n').flatMap((line, i) => {
      const m = SUPPRESSION.exec(line);
      return m ? [`${relative(dir, file)}:${i + 1} \`// ${m[0]}\``] : [];
    });
    if (found.length) writeFileSync(file, text.replace(SUPPRESSIONS, 'suppression removed by the matrix: ts-$1'));
    return found;
  });
}

function runTsc(cwd: string, project: string, from?: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binScript('typescript', 'tsc', from), '-p', project, '--pretty', 'false'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout) => resolve(stdout),
    );
  });
}

function parse(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const m of output.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)) {
    diagnostics.push({ file: m[1] ?? '', line: Number(m[2]), text: m[3] ?? '' });
  }
  return diagnostics;
}

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

/**
 * Compiles every generator's output with its journey in one `tsc` run (one program: the slow part
 * of tsc, loading lib and @types/node, is done once), with every suppression taken out of the
 * generated code, then tells each row its verdicts: `compile` for any error outside the journey's
 * typed assertions (one a suppression hid among them), `typed` for an error on an assertion (a
 * payload field that is `any`).
 */
export async function compileAll(cwd: string, ids: string[], from?: string): Promise<Map<string, Compiled>> {
  const project = join(cwd, 'generated', 'tsconfig.json');
  const files = ids.flatMap((id) => [...tsFiles(join(cwd, 'generated', id)), join(cwd, 'journeys', `${id}.ts`)]);
  writeFileSync(
    project,
    `${JSON.stringify({ compilerOptions: OPTIONS, files: files.map((f) => relative(join(cwd, 'generated'), f)) }, null, 2)}\n`,
  );
  const suppressions = new Map(ids.map((id) => [id, removeSuppressions(join(cwd, 'generated', id))]));
  const diagnostics = parse(await runTsc(cwd, project, from));
  const results = new Map<string, Compiled>();
  for (const id of ids) {
    const journey = join('journeys', `${id}.ts`);
    const journeyLines = readFileSync(join(cwd, journey), 'utf8').split('\n');
    const isTyped = (d: Diagnostic) => d.file === journey && journeyLines[d.line - 1]?.trimEnd().endsWith(TYPED_MARK);
    const own = diagnostics.filter((d) => d.file === journey || d.file.startsWith(`generated/${id}/`));
    const typed = own.filter(isTyped);
    const other = own.filter((d) => !isTyped(d));
    const notes: string[] = [];
    const suppressed = suppressions.get(id) ?? [];
    const template = tsFiles(join(cwd, 'generated', id)).some((file) =>
      /["'`]\{base_url\}/.test(readFileSync(file, 'utf8')),
    );
    if (template)
      notes.push(
        'Its default address is the server template as written, `{base_url}/api/v2`, unfilled: give it the address.',
      );
    if (suppressed.length)
      notes.push(
        `Emits a suppression (${suppressed.join(', ')}): the strict compile is made with it taken out${other.length ? '' : ', and it hides no error'}.`,
      );
    if (other.length) {
      const where = (d: Diagnostic) => (d.file === journey ? 'journey' : d.file.slice(`generated/${id}/`.length));
      const distinct = [...new Map(other.map((d) => [d.text, d])).values()];
      notes.push(
        `${other.length} strict compile error(s), e.g. ${distinct
          .slice(0, 2)
          .map((d) => `${where(d)}:${d.line} ${short(d.text)}`)
          .join('; ')}`,
      );
    }
    if (typed.length)
      notes.push(`Payload fields typed \`any\` (${typed.length} of the journey's typed assertions fail).`);
    results.set(id, {
      compile: other.length ? 'fail' : 'ok',
      typed: typed.length ? 'fail' : 'ok',
      notes,
    });
  }
  return results;
}
