import type { components } from '../generated/api.js';

type Schemas = components['schemas'];

/** A question of a JSON questionnaire (the description's Question). */
export type Question = Schemas['Question'];
/** An option of a choice question (the description's Option). */
export type Option = Schemas['Option'];

/** A scale of the result: the sum of points of some answers. */
export interface Scale {
  key: string;
  title: string;
  /** Indexes of the answers that count towards this scale. */
  questions: number[];
}

export type Questionnaire =
  | { kind: 'json'; preface: string | null; questions: Question[] }
  /** An HTML form whose answers are `count` integers from `min` to `max`; `key` holds the right ones. */
  | { kind: 'html'; count: number; min: number; max: number; key: number[] };

/** A test of the catalog: the fields of its summary (the description's TestSummary), its questions and scales. */
export interface TestDefinition extends Omit<Schemas['TestSummary'], 'questions_count'> {
  questionnaire: Questionnaire;
  scales: Scale[];
}
