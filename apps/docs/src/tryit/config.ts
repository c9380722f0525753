/**
 * What the build tells the Try-it panel (`tryit.json`, beside each reference page): everything here is
 * derived from the bundled description and the site's addresses by `src/builder/tryit.ts`; nothing is
 * typed by hand for one operation.
 */
export type Kind = 'sandbox' | 'mock';

export interface TargetChoice {
  id: string;
  label: string;
  /** Fixed for a hosted target; the default of an editable local one. */
  url: string;
  kind: Kind;
  /** A server the partner started on their own machine: the address may be changed (localhost, any port). */
  local: boolean;
}

export interface OperationPrefill {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Path parameters, from the parameters' examples. */
  path_params: Record<string, string>;
  /** Query parameters, from their examples. */
  query: Record<string, unknown>;
  /** The request body, from the description's named request example (when the operation takes one). */
  body?: unknown;
  /** The sandbox key to suggest (SMS where the operation is about the code). */
  key: string;
  /** Path parameter `token` names a record or a roadmap. */
  token?: 'record' | 'roadmap';
  /** Body fields a value of the session replaces (`code`, `draft_token`), by field. */
  session_fields: Record<string, 'code' | 'draft_token'>;
}

/** A step of an Arazzo workflow that Try it's walk takes (one its `x-tryit` marks), with its title and text. */
export interface WalkedStep {
  source: string;
  operationId: string;
  title: string;
  text: string;
}

export interface TryitConfig {
  version: string;
  /** The API's path prefix (`/api/v2`). */
  base_path: string;
  targets: TargetChoice[];
  /** The sandbox's keys, offered (any key on the mock). */
  keys: string[];
  operations: Record<string, OperationPrefill>;
  /** Test ids the description's examples name, offered to the "ready record" helper (any id may be typed). */
  tests: string[];
  /** Per Arazzo workflow id, the steps Try it's walk takes, in order (those its `x-tryit` marks). */
  walks: Record<string, WalkedStep[]>;
  /** Per journey step id, the named example the mock answers there (from the walkthrough's data). */
  mock_examples: Record<string, string>;
  /** The sandbox's control API (its reference page, `sandbox-control.html`), when the site has it. */
  control?: { base_path: string; operations: Record<string, OperationPrefill> };
  /** The judge's worker script, relative to the page (assets/judge.<hash>.js). */
  judge: string;
  /** Set in the page, on the control API's page: no typed-client code (the client has no control API), no helpers. */
  control_page?: boolean;
}

/** A local address the panel may call: http on localhost or 127.0.0.1, any port. */
export const LOCAL_ADDRESS = /^http:\/\/(localhost|127\.0\.0\.1):(\d{1,5})$/;
