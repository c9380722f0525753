export type { Breach, Claim, ClaimDef, Family } from './claim.js';
export { describeBreach } from './claim.js';
