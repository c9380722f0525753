import type { ClaimDef } from './claims/claim.js';
import type { Ground } from './grounds/ground.js';

/** One part of what a check or rule judges, and what it rests on: sentences of the interface, or the description's choice. */
export interface GroundedPart {
  part: string;
  ground: Ground;
}

/**
 * What a check or a response rule declares of the interface's claims: those its file holds (the
 * registry names it first among their judges) and, by id, those held by another that it judges too.
 */
export interface Registered {
  claims?: ClaimDef[];
  judges?: string[];
  /** The parts it judges apart from its claims (a response rule's on every answer), each with its ground. */
  grounds?: GroundedPart[];
}

export interface Registration extends Registered {
  id: string;
}
