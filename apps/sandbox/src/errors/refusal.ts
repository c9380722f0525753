/** A status the sandbox refuses with (500 is its own fault, never a refusal it chose). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429;

/**
 * One refusal the sandbox can give: its status and code, its message (a template of `P`), the
 * interface's words it answers, and whether the interface states this status for this cause or the
 * description (or the sandbox, for what the interface does not have) chose it.
 */
export interface Refusal<P = undefined> {
  status: RefusalStatus;
  code: string;
  text: (params: P) => string;
  /** The interface's words it answers: a row of its Errors tables, or the sentence it rests on. */
  row?: string;
  /** The interface states the status for this cause (else it is assumed, or the sandbox's own). */
  stated: boolean;
  /** The description's named example that shows it, where one does. */
  example?: string;
  /** Who gives it when not the sandbox's own code: the request checks shared with the mock. */
  by?: 'request checks';
  /** For the docs' errors page, where the description shows no example of the code: its cause, and where. */
  cause?: string;
  where?: 'the sandbox' | 'the sandbox control API';
}

export const refusal = <P = undefined>(r: Refusal<P>): Refusal<P> => r;
