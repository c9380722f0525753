import { answersFor } from '@tas/conformance/answers';
import { answerView } from './answer-view.js';
import { carried, freshIds } from './carry.js';
import type { Kind, OperationPrefill, TryitConfig, WalkedStep } from './config.js';
import { control } from './helpers.js';
import type { Context } from './panel.js';
import { type Outgoing, outgoing, type Parts } from './request.js';
import { remember } from './state.js';
import { TargetPicker } from './target.js';
import { dialog, h, problem, RequestEditor, send, unreachable } from './ui.js';

type Json = Record<string, unknown>;

/** What the steps pass along: the tokens, the code, the questions' option ids. */
interface Walk {
  record?: string;
  roadmap?: string;
  records?: { token: string; test_id: string }[];
  roles?: number[];
  mobile?: string;
  draft_token?: string;
  code?: string;
  answers?: (number | string)[];
  instant?: boolean;
}

interface Step {
  title: string;
  text: string;
  /** An operation of the description (judged), or a call of the sandbox's control API. */
  operationId?: string;
  /** The control API's operation the step calls, when it calls one. */
  controlId?: string;
  /** The request, prefilled from the previous answers; a string says why the step is skipped. */
  request(
    walk: Walk,
    kind: Kind,
    config: TryitConfig,
  ): { parts: Parts; control?: { method: string; path: string } } | string;
  /** What the answer gives the next steps; a string is a problem to show (the walk cannot go on). */
  keep?(walk: Walk, data: Json, kind: Kind, sent: Parts): string | undefined;
  /** On the mock, what it cannot do here. */
  mock: string;
}

const MOCK_STATELESS =
  'The mock checks the request against the description and answers its example, whatever the token: it keeps no state.';

/** The example's body without its external_ids and with a new mobile: so the walk can be repeated. */
const dropExternalIds = (value: unknown): unknown =>
  freshIds(JSON.parse(JSON.stringify(value, (k, v) => (k === 'external_id' ? undefined : v))));

const api = (config: TryitConfig, id: string) => config.operations[id] as OperationPrefill;
const withToken = (config: TryitConfig, id: string, token: string | undefined, over: Partial<Parts> = {}) => {
  const base = carried(api(config, id), {});
  return { parts: { ...base, path_params: { ...base.path_params, ...(token ? { token } : {}) }, ...over } };
};

/** Try it's part of a step (its title and text are the workflow step's `x-tryit`). */
type Part = Omit<Step, 'title' | 'text' | 'operationId' | 'controlId'>;

const outbox: Part = {
  request: (w, kind, config) =>
    kind === 'mock'
      ? `skipped: the mock has no outbox; the next step sends the code of the description's example (${String((api(config, w.roadmap ? 'verifyRoadmapAuth' : 'verifyRecordAuth').body as Json)?.code)}), which the mock accepts`
      : w.instant
        ? 'skipped: this organizer authenticated at once (no SMS)'
        : {
            parts: { path_params: {}, query: { mobile: w.mobile ?? '' } },
            control: { method: 'GET', path: '/sms/' },
          },
  keep(w, data) {
    // The newest code sent for this walk's own token: an earlier walk's code to the same mobile is not it.
    const token = w.roadmap ?? w.record;
    const found = (data.messages as { code?: string; token?: string }[] | undefined)?.find((m) => m.token === token);
    if (!found?.code) return `No code in the outbox for ${token} at this mobile.`;
    w.code = found.code;
    return undefined;
  },
  mock: 'The mock sends no SMS and has no outbox.',
};

/**
 * A fresh record or roadmap from the sandbox's control API; on the mock, which has none, the token of
 * the description's example for `example` (an operation that takes one).
 */
function madeBySandbox(
  what: 'record' | 'roadmap',
  { control, body, example }: { control: { method: string; path: string }; body?: Json; example: string },
): Part {
  return {
    request(w, kind, c) {
      if (kind !== 'mock') return { parts: { path_params: {}, query: {}, ...(body ? { body } : {}) }, control };
      w[what] = String(api(c, example).path_params.token);
      return `skipped: the mock has no control API; the walk uses the description's example ${what} token (${w[what]})`;
    },
    keep(w, data) {
      w[what] = String(data.token);
      return undefined;
    },
    mock: `The mock cannot create a ${what}.`,
  };
}

function questionsAndResult(label: string, pick: (w: Walk) => string | undefined): Step[] {
  return [
    {
      title: `Fetch the questions${label}`,
      text: 'The answer to an option question is the option id; a free-text question takes text.',
      operationId: 'getQuestions',
      request: (w, _k, c) => withToken(c, 'getQuestions', pick(w)),
      keep(w, data) {
        w.answers = answersFor(data as never);
        if (!w.answers) return 'This questionnaire is HTML: fill it in above, then read the result from its panel.';
        return undefined;
      },
      mock: MOCK_STATELESS,
    },
    {
      title: `Submit the answers${label}`,
      text: "One answer per question, in order: here each option question's first option id, and a text for a free one.",
      operationId: 'submitAnswers',
      request: (w, _k, c) => withToken(c, 'submitAnswers', pick(w), { body: { record: w.answers ?? [] } }),
      mock: MOCK_STATELESS,
    },
    {
      title: `Read the result${label}`,
      text: 'Each scale of the test with its raw score and maximum.',
      operationId: 'getResult',
      request: (w, _k, c) => withToken(c, 'getResult', pick(w)),
      mock: `${MOCK_STATELESS} It answers a finished record's result even for a record never answered.`,
    },
  ];
}

/** Try it's part of each operation a walk calls, by operationId: its request, what it keeps, the mock's limits. */
const PARTS: Record<string, Part> = {
  createRecord: madeBySandbox('record', {
    control: { method: 'POST', path: '/records/' },
    body: { test_id: 'career-interest', state: 'ready' },
    example: 'getRecord',
  }),
  createRoadmap: madeBySandbox('roadmap', { control: { method: 'POST', path: '/roadmaps/' }, example: 'getRoadmap' }),
  authenticateRecord: {
    request: (w, _k, c) =>
      withToken(c, 'authenticateRecord', w.record, { body: dropExternalIds(api(c, 'authenticateRecord').body) }),
    keep(w, data, kind, sent) {
      w.instant = data.tests_auth_required === false && kind === 'sandbox';
      w.mobile = String((sent.body as Json | undefined)?.mobile ?? '');
      return undefined;
    },
    mock: `${MOCK_STATELESS} Nothing is sent by SMS.`,
  },
  readSmsOutbox: outbox,
  verifyRecordAuth: {
    request: (w, _k, c) =>
      w.instant
        ? 'skipped: already authenticated'
        : withToken(c, 'verifyRecordAuth', w.record, {
            body: { ...(api(c, 'verifyRecordAuth').body as Json), ...(w.code ? { code: w.code } : {}) },
          }),
    mock: `${MOCK_STATELESS} Any 5 digits pass.`,
  },
  getRoadmap: {
    request: (w, _k, c) => withToken(c, 'getRoadmap', w.roadmap),
    keep(w, data) {
      w.roles = ((data.roles ?? []) as Json[]).map((r) => Number(r.id));
      w.records = ((data.test_records ?? []) as Json[]).map((r) => ({
        token: String(r.token),
        test_id: String(r.test_id),
      }));
      return undefined;
    },
    mock: MOCK_STATELESS,
  },
  authenticateRoadmap: {
    request(w, _k, c) {
      const body = dropExternalIds(api(c, 'authenticateRoadmap').body) as {
        mobile: string;
        roles: { id: number }[];
      };
      body.roles = body.roles.map((role, i) => ({ ...role, id: w.roles?.[i] ?? role.id }));
      return withToken(c, 'authenticateRoadmap', w.roadmap, { body });
    },
    keep(w, data, kind, sent) {
      w.mobile = String((sent.body as Json | undefined)?.mobile ?? '');
      w.draft_token = typeof data.draft_token === 'string' ? data.draft_token : undefined;
      w.instant = kind === 'sandbox' && data.tests_auth_required === false;
      return undefined;
    },
    mock: `${MOCK_STATELESS} Nothing is sent by SMS.`,
  },
  verifyRoadmapAuth: {
    request: (w, _k, c) =>
      w.instant
        ? 'skipped: already authenticated'
        : withToken(c, 'verifyRoadmapAuth', w.roadmap, {
            body: {
              ...(api(c, 'verifyRoadmapAuth').body as Json),
              ...(w.draft_token ? { draft_token: w.draft_token } : {}),
              ...(w.code ? { code: w.code } : {}),
            },
          }),
    mock: `${MOCK_STATELESS} Any draft token and code pass.`,
  },
};

/** A step of the workflow as Try it walks it: its part, with the title and text its `x-tryit` gives. */
function walked(step: WalkedStep): Step {
  const part = PARTS[step.operationId];
  if (!part) throw new Error(`Try it has no part for ${step.operationId}, which its workflow walks`);
  const called = step.source === 'sandbox' ? { controlId: step.operationId } : { operationId: step.operationId };
  return { ...part, ...called, title: step.title, text: step.text };
}

export interface Journey {
  id: string;
  /** The Arazzo workflow (openapi/arazzo/journeys.arazzo.yaml) whose steps marked `x-tryit` it walks. */
  workflow: string;
  title: string;
  key: string;
  /** After the workflow: the walk goes on to answer and read the result. */
  answering: Step[];
}

export const JOURNEYS: Journey[] = [
  {
    id: 'sms',
    workflow: 'record-journey-sms',
    title: 'A standalone record, SMS authentication',
    key: 'sandbox-key-sms',
    answering: questionsAndResult('', (w) => w.record),
  },
  {
    id: 'roadmap',
    workflow: 'roadmap-journey-sms',
    title: 'A roadmap: one authentication for every role',
    key: 'sandbox-key-sms',
    answering: [
      ...questionsAndResult(' of the first record', (w) => w.records?.[0]?.token),
      ...questionsAndResult(' of the second record', (w) => w.records?.[1]?.token),
    ],
  },
];

/** A journey walked in the page: each step's request prefilled from the answers before it, then sent. */
export function openJourney(ctx: Context, id: string): void {
  const journey = JOURNEYS.find((j) => j.id === id);
  if (!journey) return;
  const { body } = dialog(`Walk it: ${journey.title}`, 'tas-journey');
  const target = new TargetPicker(ctx.config, journey.key);
  const walk: Walk = {};
  const list = h('ol', { class: 'tas-steps' });
  const restart = h('button', { type: 'button' }, 'Start again');
  const reset = h('button', { type: 'button' }, 'Reset this organizer (sandbox)');
  const said = h('div', { 'aria-live': 'polite' });
  const done = h('div', { 'aria-live': 'polite' });
  const steps = [...(ctx.config.walks[journey.workflow] ?? []).map(walked), ...journey.answering];
  const items = steps.map((step, index) => {
    const editor = new RequestEditor(
      { path_params: {}, query: {}, body: undefined },
      { path: true, query: true, body: true },
    );
    const go = h('button', { type: 'button', class: 'tas-send', disabled: true }, 'Send');
    const out = h('div', { class: 'tas-result', 'aria-live': 'polite' });
    const skip = h('p', { class: 'tas-hint', hidden: true });
    const mockNote = h('p', { class: 'tas-mock-note', hidden: true }, `On the mock: ${step.mock}`);
    const li = h(
      'li',
      { class: 'tas-step', 'data-step': String(index + 1), 'aria-label': `Step ${index + 1}: ${step.title}` },
      h('h3', {}, step.title),
      h('p', {}, step.text),
      mockNote,
      skip,
      editor.element,
      h('div', { class: 'tas-actions' }, go),
      out,
    );
    let planned: ReturnType<Step['request']> | undefined;
    const prepare = () => {
      mockNote.hidden = target.kind !== 'mock';
      planned = step.request(walk, target.kind, ctx.config);
      const skipped = typeof planned === 'string';
      skip.hidden = !skipped;
      skip.textContent = skipped ? String(planned) : '';
      editor.element.hidden = skipped;
      go.textContent = skipped ? 'Go on' : 'Send';
      go.disabled = false;
      if (typeof planned !== 'string') {
        editor.set(planned.parts);
        // Only the boxes this request has.
        for (const [name, show] of [
          ['path_params', Object.keys(planned.parts.path_params).length > 0],
          ['query', Object.keys(planned.parts.query).length > 0],
          ['body', planned.parts.body !== undefined],
        ] as const) {
          const box = editor.element.querySelector(`[name="${name}"]`)?.closest('.tas-field') as HTMLElement | null;
          if (box) box.hidden = !show;
        }
      }
      li.classList.add('tas-current');
    };
    const finish = () => {
      go.disabled = true;
      li.classList.remove('tas-current');
      li.classList.add('tas-done');
      const next = items[index + 1];
      if (next) {
        next.prepare();
        next.li.scrollIntoView({ block: 'nearest' });
        return;
      }
      done.replaceChildren(
        h(
          'p',
          { class: 'tas-finished', role: 'status' },
          `Finished: ${journey.title}. ${target.kind === 'mock' ? 'The mock answered its examples throughout.' : 'Each record is scored and its result read (the last answer above).'}`,
        ),
      );
      done.scrollIntoView({ block: 'end' });
    };
    go.addEventListener('click', async () => {
      if (typeof planned === 'string') return finish();
      let sent: Outgoing;
      let parts: Parts;
      try {
        parts = editor.parts();
        const base = target.url();
        sent = planned?.control
          ? control(
              base,
              planned.control.method,
              `${planned.control.path}${Object.keys(parts.query).length ? `?${new URLSearchParams(parts.query as Record<string, string>)}` : ''}`,
              parts.body,
            )
          : outgoing(base, ctx.config.base_path, api(ctx.config, step.operationId ?? ''), parts);
      } catch (error) {
        out.replaceChildren(problem((error as Error).message));
        return;
      }
      go.disabled = true;
      out.replaceChildren(h('p', {}, 'Sending…'));
      try {
        const example =
          target.kind === 'mock' && step.operationId ? ctx.config.mock_examples[step.operationId] : undefined;
        const answer = await send(sent, target.apiKey(), example ? { Prefer: `example=${example}` } : {});
        const departures = step.operationId ? await ctx.judge(step.operationId, sent, answer) : undefined;
        out.replaceChildren(answerView(answer, departures));
        let data: Json = {};
        try {
          data = (JSON.parse(answer.text) as { data?: Json }).data ?? {};
        } catch {}
        if (answer.status >= 300) {
          out.prepend(problem(`The ${target.kind} answered ${answer.status}: change the request and send again.`));
          go.disabled = false;
          return;
        }
        const trouble = step.keep?.(walk, data, target.kind, parts);
        if (trouble) {
          out.prepend(problem(trouble));
          go.disabled = false;
          return;
        }
        remember({
          record: walk.record,
          roadmap: walk.roadmap,
          code: walk.code,
          draft_token: walk.draft_token,
          mobile: walk.mobile,
        });
        finish();
      } catch (error) {
        out.replaceChildren(problem(unreachable(sent.url, error)));
        go.disabled = false;
      }
    });
    list.append(li);
    return { prepare, li };
  });
  const start = () => {
    for (const key of Object.keys(walk)) delete walk[key as keyof Walk];
    said.replaceChildren();
    done.replaceChildren();
    for (const { li } of items) {
      li.classList.remove('tas-done', 'tas-current');
      for (const out of li.querySelectorAll('.tas-result')) out.replaceChildren();
      const go = li.querySelector('.tas-send') as HTMLButtonElement;
      go.disabled = true;
    }
    items[0]?.prepare();
  };
  restart.addEventListener('click', start);
  reset.addEventListener('click', async () => {
    try {
      const answer = await send(control(target.url(), 'POST', '/reset/'), target.apiKey());
      start();
      said.replaceChildren(
        h(
          'p',
          { role: 'status' },
          answer.status < 300 ? 'The organizer is back to its seed.' : `The reset answered ${answer.status}.`,
        ),
      );
    } catch (error) {
      said.replaceChildren(problem((error as Error).message));
    }
  });
  target.onChange(() => {
    reset.hidden = target.kind !== 'sandbox';
    start();
  });
  reset.hidden = target.kind !== 'sandbox';
  body.append(target.element, h('div', { class: 'tas-actions' }, restart, reset), said, list, done);
  start();
}
