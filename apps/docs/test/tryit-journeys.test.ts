import { journeyOf, loadJourneys, type Journey as Workflow } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { JOURNEYS, type Journey } from '../src/tryit/journeys.js';

// Try it's wizards walk the Arazzo workflows (openapi/arazzo/journeys.arazzo.yaml), the journeys' one
// definition: each step a wizard names is that workflow's step, with the same operation, in its order,
// and every step of the workflow that moves the journey on (a call of the control API, or a call of the
// API other than a read, expected to succeed) is walked. A read of the API there is a check the wizard
// leaves to the reader; a refusal there (authenticate again: 409) is a proof, not a step of the walk.

const journeys = loadJourneys();

/** What differs between a wizard and its workflow, in words; none when it walks it. */
function differences(journey: Journey, workflow: Workflow): string[] {
  const out: string[] = [];
  const named = journey.steps.filter((s) => s.arazzo);
  let last = -1;
  for (const s of named) {
    const at = workflow.steps.findIndex((w) => w.stepId === s.arazzo);
    const step = workflow.steps[at];
    const want = s.controlId ? ['sandbox', s.controlId] : ['tas', s.operationId];
    if (!step) out.push(`${s.arazzo}: no such step in ${workflow.workflowId}`);
    else if (step.source !== want[0] || step.operationId !== want[1])
      out.push(`${s.arazzo}: the workflow calls ${step.source}.${step.operationId}, the wizard ${want.join('.')}`);
    else if (at < last) out.push(`${s.arazzo}: out of the workflow's order`);
    last = Math.max(last, at);
  }
  const moving = workflow.steps.filter(
    (w) => w.status < 300 && (w.source === 'sandbox' || !/^(get|list)[A-Z]/.test(w.operationId)),
  );
  for (const w of moving)
    if (!named.some((s) => s.arazzo === w.stepId)) out.push(`${w.stepId} (${w.operationId}): not walked`);
  return out;
}

describe("Try it's journeys against the Arazzo workflows", () => {
  it.each(JOURNEYS.map((j) => [j.id, j.workflow, j] as const))('%s walks %s', (_id, workflowId, journey) => {
    expect(differences(journey, journeyOf(workflowId, journeys))).toEqual([]);
  });

  const sms = JOURNEYS.find((j) => j.id === 'sms') as Journey;
  const workflow = journeyOf(sms.workflow, journeys);
  const [first, ...rest] = workflow.steps;
  it.each([
    [
      'a step added to the workflow',
      { ...workflow, steps: [first, { ...first, stepId: 'vip', operationId: 'completeVip' }, ...rest] },
      ['vip (completeVip): not walked'],
    ],
    [
      'an operation changed',
      {
        ...workflow,
        steps: workflow.steps.map((s) =>
          s.stepId === 'verify-record' ? { ...s, operationId: 'verifyRoadmapAuth' } : s,
        ),
      },
      ['verify-record: the workflow calls tas.verifyRoadmapAuth, the wizard tas.verifyRecordAuth'],
    ],
    [
      'two steps swapped',
      { ...workflow, steps: [workflow.steps[0], ...workflow.steps.slice(1).reverse()] },
      ["read-record-sms: out of the workflow's order", "verify-record: out of the workflow's order"],
    ],
  ] as [string, Workflow, string[]][])('fails for %s', (_name, changed, want) => {
    expect(differences(sms, changed)).toEqual(want);
  });
});
