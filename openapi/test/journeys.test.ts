import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadJourneys } from '../src/journeys.js';
import { operations } from './helpers.js';

const control = parse(readFileSync(new URL('../../apps/sandbox/control.openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const controlIds = new Set(
  Object.values(control.paths).flatMap((item) => Object.values(item).map((o) => o.operationId)),
);
const apiIds = new Set(operations.map((o) => o.operationId));
const journeys = loadJourneys();

describe('the journeys, read from the Arazzo workflows (dist/journeys.json)', () => {
  it('are the workflows of arazzo/journeys.arazzo.yaml, in order', () => {
    const source = parse(readFileSync(new URL('../arazzo/journeys.arazzo.yaml', import.meta.url), 'utf8'));
    expect(journeys.map((j) => j.workflowId)).toEqual(
      source.workflows.map((w: { workflowId: string }) => w.workflowId),
    );
  });

  it.each(journeys.flatMap((j) => j.steps.map((s) => [`${j.workflowId}/${s.stepId}`, s] as const)))(
    '%s calls an operation its source describes',
    (_, step) => {
      expect(step.source === 'tas' ? apiIds : controlIds).toContain(step.operationId);
      expect(['tas', 'sandbox']).toContain(step.source);
    },
  );

  it('step ids are unique across the file (Redocly reads outputs file-wide)', () => {
    const ids = journeys.flatMap((j) => j.steps.map((s) => s.stepId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps what a consumer adds to a step, its x- fields, as written (a YAML alias too)', () => {
    const step = (workflow: string, id: string) =>
      journeys.find((j) => j.workflowId === workflow)?.steps.find((s) => s.stepId === id);
    expect(step('record-journey-sms', 'read-record-sms')?.['x-tryit']).toMatchObject({ text: expect.any(String) });
    expect(step('roadmap-journey-sms', 'read-roadmap-sms')?.['x-tryit']).toEqual(
      step('record-journey-sms', 'read-record-sms')?.['x-tryit'],
    );
  });

  it('reads each step: its source, its operation and the status it expects', () => {
    const roadmap = journeys.find((j) => j.workflowId === 'roadmap-journey-sms');
    expect(roadmap?.steps.map((s) => `${s.source}.${s.operationId} ${s.status}`)).toEqual([
      'sandbox.createRoadmap 200',
      'tas.getRoadmap 200',
      'tas.authenticateRoadmap 200',
      'sandbox.readSmsOutbox 200',
      'tas.verifyRoadmapAuth 200',
      'tas.getRecord 200',
      'tas.authenticateRoadmap 409',
    ]);
  });
});
