import { answerView } from './answer-view.js';
import { codeFor, learn } from './carry.js';
import type { TryitConfig } from './config.js';
import type { Outgoing } from './request.js';
import { remember, session } from './state.js';
import type { TargetPicker } from './target.js';
import { field, h, problem, send, unreachable } from './ui.js';

export const CONTROL = '/__sandbox';

/** A call to the sandbox's control API (apps/sandbox/control.openapi.yaml). */
export function control(target: string, method: string, path: string, body?: unknown): Outgoing {
  return {
    target,
    method,
    url: `${target}${CONTROL}${path}`,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  };
}

type Json = Record<string, unknown>;

/** The helpers, each placed beside the carried value it changes; `more` holds those that change none. */
export interface Helpers {
  record: HTMLElement;
  roadmap: HTMLElement;
  code: HTMLElement;
  more: HTMLElement;
}

/**
 * The sandbox helpers, on its control API: a ready record or a roadmap of a chosen test, the SMS code
 * of the authentication the panels follow, the VIP action, the clock, a reset. What they make goes
 * into the environment (and so into the panel's request); what they said shows where they are.
 */
export function sandboxHelpers(config: TryitConfig, target: TargetPicker): Helpers {
  const testList = h('datalist', { id: 'tas-tryit-tests' }, ...config.tests.map((t) => h('option', { value: t })));
  const test = h('input', {
    type: 'text',
    name: 'test-id',
    list: testList.id,
    value: config.tests[0] ?? '',
    autocomplete: 'off',
  });
  // Radios rather than a menu: on a phone a menu cuts its labels; these wrap.
  const roles = [
    ['', "The sandbox's default roles: 1 takes cas-child, 2 takes parenting-style"],
    ...config.tests.map((t) => [t, `One role (1) taking ${t}`]),
  ];
  const roadmapTest = h(
    'fieldset',
    { class: 'tas-choices' },
    h('legend', {}, 'Roles of a new roadmap'),
    ...roles.map(([value, text], i) =>
      h('label', {}, h('input', { type: 'radio', name: 'roadmap-test', value, checked: i === 0 }), ` ${text}`),
    ),
  );
  const chosenRoles = () => (roadmapTest.querySelector('input:checked') as HTMLInputElement | null)?.value ?? '';
  const seconds = h('input', { type: 'number', name: 'seconds', min: '1', value: '121' });

  /** Calls the control API; what it answers is said in `out`, beside the value it changes. */
  async function run(
    out: HTMLElement,
    label: string,
    call: (base: string) => Outgoing,
    keep: (data: Json) => string,
    operationId?: string,
  ): Promise<void> {
    let sent: Outgoing;
    try {
      sent = call(target.url());
    } catch (error) {
      out.replaceChildren(problem((error as Error).message));
      return;
    }
    out.replaceChildren(h('p', {}, `${label}…`));
    try {
      const answer = await send(sent, target.apiKey());
      let data: Json = {};
      try {
        data = (JSON.parse(answer.text) as { data?: Json }).data ?? {};
      } catch {}
      let said = `${label}: the sandbox refused (${answer.status})`;
      if (answer.status < 300) {
        if (operationId) remember(learn(operationId, { path_params: {}, query: {} }, data, session()));
        said = keep(data);
      }
      out.replaceChildren(
        h('p', { class: 'tas-helper-said', 'data-status': String(answer.status) }, said),
        h('details', {}, h('summary', {}, 'What the sandbox answered'), answerView(answer)),
      );
    } catch (error) {
      out.replaceChildren(problem(unreachable(sent.url, error)));
    }
  }

  const button = (text: string, onClick: () => void) => {
    const b = h('button', { type: 'button', class: 'tas-helper' }, text);
    b.addEventListener('click', onClick);
    return b;
  };
  const said = () => h('div', { class: 'tas-helper-out', 'aria-live': 'polite' });

  const recordOut = said();
  const makeRecord = (state: 'ready' | 'vip_wait', text: string) =>
    button(text, () =>
      run(
        recordOut,
        text,
        (base) => control(base, 'POST', '/records/', { test_id: test.value.trim(), state }),
        (data) =>
          state === 'ready'
            ? `Ready record of ${String(data.test_id)}: ${String(data.token)}, now the record token`
            : `Record in VIP wait: ${String(data.token)}, now the record token`,
        'createRecord',
      ),
    );
  const record = h(
    'div',
    { class: 'tas-helper-row' },
    field('Test of a new record', test, 'Any test id of the sandbox; the list is those the description names.'),
    testList,
    h(
      'div',
      { class: 'tas-actions' },
      makeRecord('ready', 'Make a ready record'),
      makeRecord('vip_wait', 'Make a record in VIP wait'),
    ),
    recordOut,
  );

  const roadmapOut = said();
  const roadmap = h(
    'div',
    { class: 'tas-helper-row' },
    roadmapTest,
    h(
      'div',
      { class: 'tas-actions' },
      button('Make a roadmap', () =>
        run(
          roadmapOut,
          'Make a roadmap',
          (base) =>
            control(
              base,
              'POST',
              '/roadmaps/',
              chosenRoles() ? { roles: [{ id: 1, title: 'نقش ۱', test_ids: [chosenRoles()] }] } : undefined,
            ),
          (data) => `Roadmap ${String(data.token)}, now the roadmap token; its records are offered as record tokens`,
          'createRoadmap',
        ),
      ),
    ),
    roadmapOut,
  );

  const codeOut = said();
  const code = h(
    'div',
    { class: 'tas-helper-row' },
    h(
      'div',
      { class: 'tas-actions' },
      button('Read the SMS code', () => {
        const none = codeFor([], session());
        if (!session().auth) {
          codeOut.replaceChildren(h('p', { class: 'tas-helper-said', 'data-status': 'none' }, none.why));
          return;
        }
        return run(
          codeOut,
          'Read the SMS code',
          (base) => control(base, 'GET', `/sms/?mobile=${encodeURIComponent(session().mobile ?? '')}`),
          (data) => {
            const found = codeFor((data.messages ?? []) as Json[], session());
            if (found.code) remember({ code: found.code });
            return found.code ? `${found.why}: now the SMS code` : found.why;
          },
        );
      }),
    ),
    codeOut,
  );

  const moreOut = said();
  const more = h(
    'div',
    { class: 'tas-helper-row tas-helpers' },
    h('p', { class: 'tas-label' }, 'Sandbox helpers: the VIP action (of the record token), the clock, a reset'),
    h(
      'div',
      { class: 'tas-actions' },
      button('Complete the VIP action', () =>
        run(
          moreOut,
          'Complete the VIP action',
          (base) => control(base, 'POST', `/records/${encodeURIComponent(session().record ?? '')}/complete-vip/`),
          (data) => `Record ${String(data.token)} is ready (status ${String(data.status)})`,
          'completeVip',
        ),
      ),
    ),
    field('Seconds forward', seconds, 'Codes expire after 120 s, draft tokens after 300 s.'),
    h(
      'div',
      { class: 'tas-actions' },
      button('Move the clock', () =>
        run(
          moreOut,
          'Move the clock',
          (base) => control(base, 'POST', '/clock/', { seconds: Number(seconds.value) }),
          (data) => `The organizer's clock is now ${String(data.now)}`,
        ),
      ),
      button('Reset this organizer', () =>
        run(
          moreOut,
          'Reset',
          (base) => control(base, 'POST', '/reset/'),
          () => 'Back to the seed',
        ),
      ),
    ),
    moreOut,
  );
  return { record, roadmap, code, more };
}
