import { readFileSync } from 'node:fs';

/**
 * The journeys of the interface, as the Arazzo workflows of `arazzo/journeys.arazzo.yaml` define
 * them (the build writes them to `dist/journeys.json`). They are the journeys' one definition: the
 * client, the guide, Try it, the Postman tests and the conformance suite walk these steps, derived
 * from them or checked against them by a test.
 */
export interface Journey {
  workflowId: string;
  summary: string;
  description?: string;
  /** The workflow's inputs, as a JSON Schema (`api_key`, `mobile`, …). */
  inputs?: { properties?: Record<string, { default?: unknown; description?: string }> };
  steps: JourneyStep[];
  /** What a consumer adds to the workflow (`x-guide`: the getting-started page's journey), as written. */
  [extension: `x-${string}`]: unknown;
}

export interface JourneyStep {
  stepId: string;
  /** `tas`, the API (`openapi.yaml`), or `sandbox`, the sandbox's control API. */
  source: string;
  operationId: string;
  parameters: { name: string; in: string; value: unknown }[];
  /** The JSON body sent, with runtime expressions (`$inputs.mobile`, `$steps.<id>.outputs.<name>`) as strings. */
  payload?: unknown;
  /** The status the step expects (`$statusCode == N`). */
  status: number;
  /** Every success criterion's condition, as written. */
  criteria: string[];
  /** What the step keeps for later ones: name → runtime expression (`$response.body#/data/token`). */
  outputs: Record<string, string>;
  /** What a consumer adds to the step (`x-tryit`: Try it's title and text; `x-guide`: the page's), as written. */
  [extension: `x-${string}`]: unknown;
}

interface RawStep {
  stepId: string;
  operationId: string;
  parameters?: { name: string; in: string; value: unknown }[];
  requestBody?: { payload?: unknown };
  successCriteria?: { condition: string }[];
  outputs?: Record<string, string>;
  [extension: `x-${string}`]: unknown;
}
interface RawWorkflow extends Omit<Journey, 'steps'> {
  steps: RawStep[];
}

// From dist/lib/ when built; from src/ when this package's own tests run the sources.
const bundled = new URL(
  import.meta.url.includes('/dist/lib/') ? '../journeys.json' : '../dist/journeys.json',
  import.meta.url,
);

const OPERATION = /^\$sourceDescriptions\.([\w-]+)\.([\w-]+)$/;
const STATUS = /^\$statusCode == (\d{3})$/;

function stepOf(raw: RawStep, workflowId: string): JourneyStep {
  const operation = OPERATION.exec(raw.operationId);
  if (!operation) throw new Error(`${workflowId}/${raw.stepId}: operationId ${raw.operationId} names no source`);
  const criteria = (raw.successCriteria ?? []).map((c) => c.condition);
  const status = criteria.map((c) => STATUS.exec(c)?.[1]).find(Boolean);
  if (!status) throw new Error(`${workflowId}/${raw.stepId}: no "$statusCode == N" criterion`);
  return {
    stepId: raw.stepId,
    source: operation[1] as string,
    operationId: operation[2] as string,
    parameters: raw.parameters ?? [],
    ...(raw.requestBody?.payload !== undefined ? { payload: raw.requestBody.payload } : {}),
    status: Number(status),
    criteria,
    outputs: raw.outputs ?? {},
    ...Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('x-'))),
  };
}

/** Every journey, in the file's order. */
export function loadJourneys(path: URL | string = bundled): Journey[] {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { workflows: RawWorkflow[] };
  return doc.workflows.map((w) => ({ ...w, steps: w.steps.map((s) => stepOf(s, w.workflowId)) }));
}
