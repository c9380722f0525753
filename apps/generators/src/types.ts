/** Which published file a generator reads: the 3.1 source of truth, or the 3.0 download. */
export type Input = '3.1' | '3.0';

/** `not run` when an earlier step failed and this one had nothing to work on. */
export type Verdict = 'ok' | 'fail' | 'not run';

/** One generator's row of the matrix, as matrix.json and the Downloads page show it. */
export interface Row {
  generator: string;
  version: string;
  /** The packages the generated code needs beside it (the runtime), with their pinned versions. */
  with: string[];
  input: Input;
  /** The Node versions the generator's package.json declares (`engines.node`), when it declares any. */
  engines: string | null;
  /** The TypeScript whose `tsc --strict` compiled it. */
  typescript: string;
  /** How it was installed: the versions pinned by this repository, or its own quick start's commands. */
  install: 'pinned' | 'quick start';
  /** The install that gives exactly these versions, to copy. */
  exact: string;
  generate: Verdict;
  compile: Verdict;
  journey: Verdict;
  typed: Verdict;
  notes: string[];
}

/** matrix.json: the rows of each Node major the matrix was run on. */
export interface Matrix {
  runs: { [nodeMajor: string]: Row[] };
  /**
   * What each generator's own quick start installed on the day named (no versions given, so the
   * registry's newest that npm picks for that Node), run through the same steps: `npm run matrix:quick-start`.
   */
  quickStart?: { date: string; runs: { [nodeMajor: string]: Row[] } };
}

/** What every journey file exports: one instant-mode journey against a base URL. */
export interface JourneyInput {
  baseUrl: string;
  apiKey: string;
}
export interface JourneyOutput {
  token: string;
  scores: number;
}
