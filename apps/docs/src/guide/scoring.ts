/**
 * How the sandbox scores a result (its catalogue: apps/sandbox/src/catalog/answers.ts), said wherever a
 * result is shown: read as a grade, "strongly agree" scoring 0 looks reversed.
 */
export const SANDBOX_SCORING =
  'How the sandbox scores (a live deployment scores by its own tests): an option question adds the option\'s position, 0 for the first, so the first option ("کاملاً موافقم", strongly agree) adds 0 of 3; a free-text question adds nothing; an HTML questionnaire counts its right answers. raw is the sum, max the most it can be: a position, not a grade.';
