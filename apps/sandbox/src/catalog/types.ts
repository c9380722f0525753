/** A question as the description's Question schema shapes it. */
export interface Question {
  num: string;
  question: { text: string; audio: string | null; image: string | null };
  answer: { text: false; options: Option[] } | { text: true };
}

export interface Option {
  id: number;
  num: string;
  text: string;
  audio: string | null;
  image: string | null;
}

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

export interface TestDefinition {
  id: string;
  title: string;
  doing_time_minutes: number;
  min_age: number | null;
  max_age: number | null;
  gender_permission: 'all' | 'male' | 'female';
  categories: string[];
  questionnaire: Questionnaire;
  scales: Scale[];
}
