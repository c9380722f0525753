import type { Claim } from './claim.js';
import { OPERATION_CLAIMS } from './operations.js';
import { RESOURCE_CLAIMS } from './resources.js';
import { RULE_CLAIMS } from './rules.js';

export type { Breach, Claim, Family } from './claim.js';
export { describeBreach } from './claim.js';

/** Every smallest observable claim of the interface, in the interface's order of sections. */
export const CLAIMS: Claim[] = [...RESOURCE_CLAIMS, ...OPERATION_CLAIMS, ...RULE_CLAIMS];
