import type { Assumption, OpenApiDocument, Operation, Validator } from '@tas/openapi';
import type { Registration } from '../registration.js';
import type { Exchange, Target } from '../types.js';

export interface RuleEnv {
  doc: OpenApiDocument;
  validator: Validator;
  assumptions: Assumption[];
  /** The operation the request was sent to, when it is one of the description's. */
  operation?: Operation;
  /** The statuses the profile describes for an operation, success and error, in any organizer mode. */
  described?: (operationId: string) => number[];
  /** The profile says the deployment's error bodies are its own: they are not compared with the description's. */
  ownErrorBodies?: boolean;
}

export interface RuleFinding {
  message: string;
  assumed: boolean;
  /** The JSON pointer of the field it is about, when it is about one. */
  path?: string;
}

/** A check applied to every response the suite sees, as Dredd and Schemathesis do. */
export interface ResponseRule extends Registration {
  title: string;
  statement: string;
  /** Targets where no answer it judges can come: why. */
  notOn?: Partial<Record<Target, string>>;
  verify(exchange: Exchange, env: RuleEnv): RuleFinding[];
}
