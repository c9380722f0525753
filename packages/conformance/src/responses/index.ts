import { contentType } from './content-type.js';
import { documentedStatus } from './documented-status.js';
import { envelope } from './envelope.js';
import { no5xx } from './no-5xx.js';
import { retryAfter } from './retry-after.js';
import type { ResponseRule } from './rule.js';
import { schema } from './schema.js';

/** The checks applied to every response, by id. */
export const responseRules: ResponseRule[] = [no5xx, documentedStatus, contentType, envelope, schema, retryAfter];

export type { ResponseRule, RuleEnv, RuleFinding } from './rule.js';
