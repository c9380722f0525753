import { LOCAL } from '../addresses.js';

/** The sandbox `npm start` serves; the walkthrough test swaps it for its own sandbox's address. */
export const SANDBOX_URL = LOCAL.sandbox;

/** How to get the same answer from the stateless mock: the `Prefer` header naming a named example. */
export interface MockHint {
  operationId: string;
  example: string;
}

/** One step: a bash command the partner pastes, and what it prints. */
export interface WalkStep {
  title: string;
  /** What the step does and why; `code` spans only. */
  text: string;
  command: string;
  /**
   * What the command prints: JSON values as jq prints them. `"$NAME"` stands for the value the shell
   * variable NAME holds after the step; `"<uuid>"`, `"<date-time>"`, `"<integer>"` and other
   * `"<…>"` for a value that differs on each run. Left out when the command prints nothing.
   */
  answer?: string;
  /** Operations the step calls, linked to the reference. */
  operations?: string[];
  mock?: MockHint;
  /** Said after the answer, e.g. what production does instead. */
  note?: string;
}

export interface Walkthrough {
  id: string;
  title: string;
  intro: string;
  /** Anchors earlier versions of the page used for this journey; links to them keep working. */
  formerIds?: string[];
  steps: WalkStep[];
}
