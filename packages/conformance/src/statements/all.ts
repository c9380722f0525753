import { listAssumptions, loadDescription } from '@tas/openapi';
import { registry } from '../registry.js';
import { statementsOf } from './table.js';

const doc = loadDescription();

/** The interface's sentences and the checks judging them, from the registry over the bundled description. */
export const STATEMENTS = statementsOf(registry(doc, listAssumptions(doc)).claims);
