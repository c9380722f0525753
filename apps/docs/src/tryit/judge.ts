import { responseRules } from '../../../../packages/conformance/src/responses/index.js';
import type { Exchange } from '../../../../packages/conformance/src/types.js';
import { createValidator, listAssumptions, listOperations, type OpenApiDocument } from './openapi-browser.js';

/** One departure of an answer from the description, as the conformance suite words it. */
export interface Departure {
  /** The suite's rule (`response.schema`, …). */
  rule: string;
  /** The interface statement the rule stands for. */
  statement: string;
  message: string;
  /** The description's choice (x-assumed and the suite's grounds), not the interface's statement. */
  assumed: boolean;
  /** JSON pointer of the field, when the departure is about one. */
  path?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * Judges answers with the conformance suite's own response rules (every one it applies to every
 * answer it sees), on the description the page was built from: the same Ajv validator, the same
 * stated-or-assumed grounds.
 */
export function createJudge(doc: OpenApiDocument) {
  const validator = createValidator(doc);
  const assumptions = listAssumptions(doc);
  const operations = new Map(listOperations(doc).map((o) => [o.operationId, o]));
  return (
    operationId: string,
    request: { method: string; url: string; body?: string },
    answer: Answer,
  ): Departure[] => {
    let json: unknown;
    try {
      json = answer.text === '' ? undefined : JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    const exchange: Exchange = {
      request: { method: request.method, url: request.url, key: 'main', headers: {}, body: request.body },
      response: { status: answer.status, headers: answer.headers, text: answer.text, json },
      operationId,
    };
    const operation = operations.get(operationId);
    return responseRules.flatMap((rule) =>
      rule
        .verify(exchange, { doc, validator, assumptions, operation })
        .map((f) => ({ rule: rule.id, statement: rule.statement, ...f })),
    );
  };
}
