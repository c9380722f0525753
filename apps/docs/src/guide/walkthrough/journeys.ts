import { readFileSync } from 'node:fs';
import { type Journey, type JourneyStep, loadJourneys, type OpenApiDocument } from '@tas/openapi';
import { parse } from 'yaml';
import { PREFIX, routesOf } from '../../samples/journey-programs.js';
import { SANDBOX_SCORING } from '../scoring.js';
import { ANSWERS_JQ, curl, setup } from './commands.js';
import { type MockHint, SANDBOX_URL, type WalkStep, type Walkthrough } from './types.js';

/**
 * The getting-started walkthrough, rendered from the Arazzo workflows (openapi/arazzo/): a workflow
 * with an `x-guide` is a journey of the page, and each of its steps with an `x-guide` is shown as
 * curl and jq, its call, body and variables taken from the step. The docs test
 * (`test/walkthrough.test.ts`) runs these commands in bash against a fresh sandbox.
 */

/** A step's `x-guide`: its call shown (with no `command`) or a command of its own. */
interface Shown extends Pick<WalkStep, 'title' | 'text' | 'answer' | 'note' | 'operations'> {
  command?: string;
  /** The shell variable the call's answer is kept in, to read the variables of `keep` and `show` from. */
  as?: string;
  /** The step's outputs kept in shell variables: output → variable. */
  keep?: Record<string, string>;
  /** The step's outputs the page writes as the value the sandbox gives them. */
  values?: Record<string, unknown>;
  /** jq's arguments that print the answer. */
  show?: string;
  /** Lines run after the call. */
  then?: string;
  /** The body as the page writes it, where it is not the step's payload. */
  body?: string;
  /** The description's example the mock answers: of the step's operation, or named with its operation. */
  mock?: string | MockHint;
}

interface GuideOfWorkflow extends Omit<Walkthrough, 'steps'> {
  setup: { title: string; text: string };
  after?: Shown[];
}

/** Text that several steps say, written once here. */
const SNIPPETS: Record<string, string> = { '{answers}': ANSWERS_JQ, '{scoring}': SANDBOX_SCORING };
const expand = (text: string) => Object.entries(SNIPPETS).reduce((t, [k, v]) => t.replaceAll(k, v), text);

let control: OpenApiDocument | undefined;
const controlDoc = () =>
  (control ??= parse(
    readFileSync(new URL('../../../../sandbox/control.openapi.yaml', import.meta.url), 'utf8'),
  ) as OpenApiDocument);

/** `/data/messages/0/code` → `.data.messages[0].code`. */
const jqPath = (expression: string) =>
  expression
    .replace(/^\$response\.body#/, '')
    .replace(/\/(\d+)/g, '[$1]')
    .replace(/\//g, '.');

function rendered(step: JourneyStep, shown: Shown, doc: OpenApiDocument, value: (v: unknown) => unknown): WalkStep {
  const api = step.source === 'tas';
  const route = routesOf(api ? doc : controlDoc()).get(step.operationId);
  if (!route) throw new Error(`walkthrough: no operation ${step.operationId} in ${step.source}`);
  let path = `${PREFIX[step.source]}${route.path}`;
  const query: string[] = [];
  for (const p of step.parameters)
    if (p.in === 'path') path = path.replace(`{${p.name}}`, String(value(p.value)));
    else if (p.in === 'query') query.push(`${p.name}=${value(p.value)}`);
  // On one line, spaced as a person writes it (a JSON string holds no raw line break).
  const payload = shown.body ?? (step.payload === undefined ? undefined : JSON.stringify(value(step.payload), null, 1));
  const body = payload?.replace(/([{[])\n\s*|\n\s*([}\]])/g, '$1$2').replace(/\n\s*/g, ' ');
  const call = curl({
    method: route.method.toUpperCase() as 'GET',
    path: `${path}${query.length ? `?${query.join('&')}` : ''}`,
    body,
  });
  const keeps = Object.entries(shown.keep ?? {}).map(
    ([output, name]) => `${name}=$(jq -r '${jqPath(step.outputs[output] ?? '')}' <<<"$${shown.as}")`,
  );
  const lines = shown.as
    ? [`${shown.as}=$(${call})`, ...keeps, ...(shown.show ? [`jq ${shown.show} <<<"$${shown.as}"`] : [])]
    : [shown.show ? `${call} \\\n  | jq ${shown.show}` : call];
  const mock = typeof shown.mock === 'string' ? { operationId: step.operationId, example: shown.mock } : shown.mock;
  return {
    ...prose(shown),
    command: [...lines, ...(shown.then ? [shown.then] : [])].join('\n'),
    operations: shown.operations ?? (api ? [step.operationId] : []),
    ...(mock ? { mock } : {}),
  };
}

const prose = ({ title, text, answer, note, operations }: Shown): WalkStep => ({
  title,
  text: expand(text),
  command: '',
  ...(answer === undefined ? {} : { answer }),
  ...(note ? { note } : {}),
  ...(operations ? { operations } : {}),
});
const own = (shown: Shown): WalkStep => ({ ...prose(shown), command: expand(shown.command ?? '') });

function walkthroughOf(journey: Journey, doc: OpenApiDocument, guide: GuideOfWorkflow): Walkthrough {
  const key = /sandbox-key-\w+/.exec(journey.inputs?.properties?.api_key?.description ?? '')?.[0];
  if (!key) throw new Error(`walkthrough: ${journey.workflowId} names no sandbox key for its api_key`);
  const known = new Map<string, unknown>();
  const value = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(value);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
    if (typeof v !== 'string' || !v.startsWith('$')) return v;
    const input = /^\$inputs\.(\w+)$/.exec(v)?.[1];
    if (input) return `$${input.toUpperCase()}`;
    if (!known.has(v)) throw new Error(`walkthrough: ${journey.workflowId} shows no value for ${v}`);
    return known.get(v);
  };
  const steps = journey.steps.flatMap((step) => {
    const guides = [step['x-guide'] ?? []].flat() as Shown[];
    return guides.map((shown) => {
      const walked = shown.command ? own(shown) : rendered(step, shown, doc, value);
      for (const [output, name] of Object.entries(shown.keep ?? {}))
        known.set(`$steps.${step.stepId}.outputs.${output}`, `$${name}`);
      for (const [output, v] of Object.entries(shown.values ?? {}))
        known.set(`$steps.${step.stepId}.outputs.${output}`, v);
      return walked;
    });
  });
  const { setup: first, after = [], ...page } = guide;
  return {
    ...page,
    steps: [{ ...first, command: setup(key, SANDBOX_URL) }, ...steps, ...after.map(own)],
  };
}

/** The journeys of the page: the workflows with an `x-guide`, in the file's order. */
export function walkthroughs(doc: OpenApiDocument, journeys: Journey[] = loadJourneys()): Walkthrough[] {
  return journeys.flatMap((j) => {
    const guide = j['x-guide'] as GuideOfWorkflow | undefined;
    return guide ? [walkthroughOf(j, doc, guide)] : [];
  });
}
