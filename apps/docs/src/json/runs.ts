/**
 * JSON as a person reads it, in every JSON view of the site (Try it's answers, the guide's "Prints:"
 * blocks): the lines left to right as JSON puts them, each string that holds Persian one isolated run
 * (a `<bdi>`), so that its sentences, numbers and quotes keep their order right to left inside it.
 * A run per sentence laid those sentences out left to right.
 */
export interface Run {
  text: string;
  /** The content of a JSON string (its quotes left outside) that holds Arabic-script letters. */
  persian: boolean;
}

const STRING = /"(?:[^"\\\n]|\\.)*"/g;
const ARABIC = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The text cut into runs; joined again they are the text unchanged. */
export function jsonRuns(text: string): Run[] {
  const runs: Run[] = [];
  let at = 0;
  const plain = (to: number) => {
    if (to > at) runs.push({ text: text.slice(at, to), persian: false });
  };
  for (const m of text.matchAll(STRING)) {
    const start = m.index ?? 0;
    const inner = m[0].slice(1, -1);
    if (!ARABIC.test(inner)) continue;
    plain(start + 1);
    runs.push({ text: inner, persian: true });
    at = start + m[0].length - 1;
  }
  plain(text.length);
  return runs;
}

/** The runs as HTML, each text escaped by `esc`, each Persian one in `<bdi lang="fa">`. */
export const jsonHtml = (text: string, esc: (t: string) => string): string =>
  jsonRuns(text)
    .map((r) => (r.persian ? `<bdi lang="fa">${esc(r.text)}</bdi>` : esc(r.text)))
    .join('');
