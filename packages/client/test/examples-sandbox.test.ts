import { fileURLToPath } from 'node:url';
import { type Journey, loadJourneys } from '@tas/openapi';
import { type Exchange, type Sandbox, startSandbox } from '@tas/sandbox';
import { launch } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The examples against the sandbox, each run as a partner runs it (tsx, a terminal that asks for the SMS
// code). The Arazzo workflows are the journeys' one definition (openapi/arazzo/): the examples that walk a
// workflow must send its calls in its order, so a journey changed there and not here fails. And each
// example makes what it uses up fresh through the sandbox's control API, so it runs again and again.
const dir = fileURLToPath(new URL('../examples/', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/** The examples that walk each workflow, in order; each later one takes the token the first one made. */
const WALKS: Record<string, string[]> = {
  'record-journey-instant': ['standalone-instant', 'questions-and-answers', 'results'],
  'record-journey-sms': ['standalone-sms'],
  'roadmap-journey-sms': ['roadmap-sms'],
  'roadmap-journey-instant': ['roadmap-instant'],
};
/** Workflows no example walks, and why. */
const NOT_WALKED: Record<string, string> = {
  'roadmap-record-auth-refused': 'a refusal only: the conformance suite walks refusals',
};
/** What an example prints when it has done its work on the sandbox. */
const DONE: Record<string, RegExp> = {
  'standalone-instant': /authenticated at once: \S+/,
  'standalone-sms': /authenticated: true/,
  'roadmap-instant': /role 1: \S+\nrole 2: \S+/,
  'roadmap-sms': /authenticated roles: 1, 2/,
  'questions-and-answers': /finished: true/,
  results: /\S+: \d+ \/ \d+/,
};

/**
 * The calls a workflow's examples must send: its steps, less the `getRecord` steps (the workflow's own look
 * at the state between transitions; the examples print what each call answers instead) and the refusals.
 */
const walked = (journey: Journey) =>
  journey.steps.filter((s) => s.operationId !== 'getRecord' && s.status < 400).map(callOf);
const callOf = (s: { source: string; operationId: string; status: number }) =>
  `${s.source}.${s.operationId} ${s.status}`;
/** The organizer key a workflow names for its api_key input (sandbox-key-sms or sandbox-key-instant). */
const keyOf = (journey: Journey) => /sandbox-key-\w+/.exec(journey.inputs?.properties?.api_key?.description ?? '')?.[0];

const journeys = loadJourneys();
// Only what each run sets: a token or code in this shell's environment would skip what is tested.
for (const name of ['TAS_RECORD', 'TAS_ROADMAP', 'TAS_SMS_CODE']) delete process.env[name];
const exchanges: Exchange[] = [];
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false, observe: (e) => exchanges.push(e) });
});
afterAll(() => sandbox?.close());

/** Every call answered since `from`, as the workflows name them (their sources `tas` and `sandbox`). */
const callsSince = (from: number) =>
  exchanges
    .slice(from)
    .filter((e) => e.operation)
    .map((e) =>
      callOf({ source: e.contract === 'api' ? 'tas' : 'sandbox', ...e, operationId: e.operation?.operationId ?? '' }),
    );

/** Runs an example to its end; when it asks for an SMS code, the participant reads it from the outbox. */
async function runExample(name: string, env: Record<string, string>): Promise<string> {
  const running = launch([tsx, `${dir}${name}.ts`], {
    cwd: dir,
    env: { TAS_BASE_URL: sandbox.url, ...env },
  });
  if (name.endsWith('-sms')) {
    const [, mobile] = await running.waitFor(/code sent to (09\d{9})/);
    const outbox = await fetch(`${sandbox.url}/__sandbox/sms/?mobile=${mobile}`, {
      headers: { 'API-KEY': env.TAS_API_KEY ?? '' },
    });
    const { data } = (await outbox.json()) as { data: { messages: { code: string }[] } };
    running.child.stdin?.write(`${data.messages[0]?.code}\n`);
  }
  const exit = await running.exited;
  expect(exit.code, running.output()).toBe(0);
  return running.output();
}

describe('the examples walk the Arazzo journeys on the sandbox', () => {
  it('every workflow is walked by examples, or says why not', () => {
    expect(journeys.map((j) => j.workflowId).sort()).toEqual(
      [...Object.keys(WALKS), ...Object.keys(NOT_WALKED)].sort(),
    );
  });

  it.each(Object.entries(WALKS))('%s: %s send its calls in its order', async (workflowId, names) => {
    const journey = journeys.find((j) => j.workflowId === workflowId) as Journey;
    const env: Record<string, string> = { TAS_API_KEY: keyOf(journey) ?? '' };
    const from = exchanges.length;
    for (const name of names) {
      expect(await runExample(name, env)).toMatch(DONE[name] as RegExp);
      // The record or roadmap the first example made is the one the next ones take.
      const made = exchanges.slice(from).find((e) => e.contract === 'control' && e.method === 'POST');
      const token = (made?.body as { data?: { token?: string } } | undefined)?.data?.token ?? '';
      Object.assign(env, made?.path.includes('roadmaps') ? { TAS_ROADMAP: token } : { TAS_RECORD: token });
    }
    expect(callsSince(from)).toEqual(walked(journey));
  });
});

describe('each example makes its own fresh records on the sandbox', () => {
  // The walks above ran the first examples of each with no token; these are their second runs, and the
  // first runs of those that took a token there.
  it.each(Object.entries(WALKS).flatMap(([workflowId, names]) => names.map((name) => [name, workflowId])))(
    '%s runs again, with no token given',
    async (name, workflowId) => {
      const journey = journeys.find((j) => j.workflowId === workflowId) as Journey;
      expect(await runExample(name, { TAS_API_KEY: keyOf(journey) ?? '' })).toMatch(DONE[name] as RegExp);
    },
  );
});
