import { type Journey, journeyOf, loadJourneys } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATIONS, type AuthStep } from '../../src/journey/authentication.js';

// The suite's authentications are the Arazzo workflows' (openapi's journeys, their one definition):
// each workflow's steps that authenticate (the API's authentication and verify calls expected to
// succeed, the SMS outbox read), in its order, are the steps the suite takes for that workflow id.

const journeys = loadJourneys();
const AUTHENTICATING = /^(authenticate|verify)(Record|Roadmap)(Auth)?$|^readSmsOutbox$/;
const named = (s: { stepId?: string; arazzo?: string; source: string; operationId: string }) =>
  `${s.stepId ?? s.arazzo} (${s.source}.${s.operationId})`;

/** Where the suite's steps depart from the workflow's, in words; none when they walk it. */
function differences(steps: readonly AuthStep[], workflow: Journey): string[] {
  const theirs = workflow.steps.filter((s) => s.status < 300 && AUTHENTICATING.test(s.operationId)).map(named);
  const ours = steps.map(named);
  const out: string[] = [];
  for (let i = 0; i < Math.max(theirs.length, ours.length); i++)
    if (theirs[i] !== ours[i])
      out.push(`step ${i + 1}: the workflow ${theirs[i] ?? 'has none'}, the suite ${ours[i] ?? 'takes none'}`);
  return out;
}

describe("the suite's authentications against the Arazzo workflows", () => {
  it.each(Object.entries(AUTHENTICATIONS))('%s', (workflowId, steps) => {
    expect(differences(steps, journeyOf(workflowId, journeys))).toEqual([]);
  });

  it('every workflow that authenticates has the suite’s steps under its id', () => {
    const authenticating = journeys.filter((j) =>
      j.steps.some((s) => s.status < 300 && AUTHENTICATING.test(s.operationId)),
    );
    expect(authenticating.map((j) => j.workflowId).sort()).toEqual(Object.keys(AUTHENTICATIONS).sort());
  });

  const workflow = journeyOf('roadmap-journey-sms', journeys);
  const steps = AUTHENTICATIONS['roadmap-journey-sms'];
  const at = (id: string) => workflow.steps.findIndex((s) => s.stepId === id);
  it.each([
    [
      'a step added',
      {
        ...workflow,
        steps: workflow.steps.toSpliced(at('verify-roadmap'), 0, {
          ...(workflow.steps[at('verify-roadmap')] as Journey['steps'][number]),
          stepId: 'confirm',
          operationId: 'verifyRecordAuth',
        }),
      },
      [
        'step 3: the workflow confirm (tas.verifyRecordAuth), the suite verify-roadmap (tas.verifyRoadmapAuth)',
        'step 4: the workflow verify-roadmap (tas.verifyRoadmapAuth), the suite takes none',
      ],
    ],
    [
      'the code read after the verify',
      {
        ...workflow,
        steps: workflow.steps.map((s, i, all) =>
          i === at('read-roadmap-sms')
            ? all[at('verify-roadmap')]
            : i === at('verify-roadmap')
              ? all[at('read-roadmap-sms')]
              : s,
        ),
      },
      [
        'step 2: the workflow verify-roadmap (tas.verifyRoadmapAuth), the suite read-roadmap-sms (sandbox.readSmsOutbox)',
        'step 3: the workflow read-roadmap-sms (sandbox.readSmsOutbox), the suite verify-roadmap (tas.verifyRoadmapAuth)',
      ],
    ],
    [
      'a step renamed',
      {
        ...workflow,
        steps: workflow.steps.map((s) => (s.stepId === 'start-roadmap-auth' ? { ...s, stepId: 'start' } : s)),
      },
      ['step 1: the workflow start (tas.authenticateRoadmap), the suite start-roadmap-auth (tas.authenticateRoadmap)'],
    ],
  ] as [string, Journey, string[]][])('fails for %s', (_name, changed, want) => {
    expect(differences(steps, changed)).toEqual(want);
  });
});
