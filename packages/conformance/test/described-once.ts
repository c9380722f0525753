import { createValidator, loadDescription } from '@tas/openapi';

/**
 * The description and its validator, compiled once per worker (its files share their imports) and
 * passed to every run (run's `doc` and `validator`): compiling it per run was a third of a full run
 * and most of a one-check run.
 */
const doc = loadDescription();
export const described = { doc, validator: createValidator(doc) };
