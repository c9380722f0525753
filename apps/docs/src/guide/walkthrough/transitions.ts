import type { Journey, OpenApiDocument } from '@tas/openapi';
import { routesOf } from '../../samples/journey-programs.js';

/**
 * What a journey does to the state machine, to compare a journey written here (the guide's) with its
 * Arazzo workflow: the API's operations that change state (POST and PUT), in order, that the workflow
 * expects to succeed (a refusal it checks is no step of the journey).
 */
export function workflowTransitions(journey: Journey, doc: OpenApiDocument): string[] {
  const changes = changing(doc);
  return journey.steps
    .filter((s) => s.source === 'tas' && s.status < 300 && changes.has(s.operationId))
    .map((s) => s.operationId);
}

/** The operations of `ids` that change state, in order. */
export function transitionsOf(ids: string[], doc: OpenApiDocument): string[] {
  const changes = changing(doc);
  return ids.filter((id) => changes.has(id));
}

function changing(doc: OpenApiDocument): Set<string> {
  return new Set([...routesOf(doc)].filter(([, r]) => r.method === 'post' || r.method === 'put').map(([id]) => id));
}

/**
 * Where a journey written here departs from its workflow: a transition of the workflow it leaves out
 * or takes out of order, or an authentication the workflow does not take. After the workflow's
 * transitions it may go on answering (submitAnswers), as every journey does once authenticated.
 */
export function departures(written: string[], workflow: string[]): string[] {
  const problems: string[] = [];
  let at = 0;
  for (const id of workflow) {
    const found = written.indexOf(id, at);
    if (found < 0)
      problems.push(
        `${id}: the workflow takes it${written.includes(id) ? ' here, the journey earlier' : ', the journey does not'}`,
      );
    else at = found + 1;
  }
  for (const id of written)
    if (!workflow.includes(id) && id !== 'submitAnswers')
      problems.push(`${id}: the journey takes it, the workflow does not`);
  return problems;
}
