import type { TryitConfig } from './config.js';
import type { Outgoing } from './request.js';
import { remember, session } from './state.js';
import { answerView, field, h, problem, send, type TargetPicker, unreachable } from './ui.js';

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

/**
 * The sandbox helpers beside the panel: a ready record or a roadmap of a chosen test, the SMS code of
 * a mobile, the VIP action, the clock, a reset. Each remembers what it made for the panel's next call.
 */
export function helpersView(config: TryitConfig, target: TargetPicker, refill: () => void): HTMLElement {
  const out = h('div', { class: 'tas-result', 'aria-live': 'polite' });
  const testList = h('datalist', { id: 'tas-tryit-tests' }, ...config.tests.map((t) => h('option', { value: t })));
  const test = h('input', {
    type: 'text',
    name: 'test-id',
    list: testList.id,
    value: config.tests[0] ?? '',
    autocomplete: 'off',
  });
  const roadmapTest = h(
    'select',
    { name: 'roadmap-test' },
    h('option', { value: '' }, "The sandbox's default roles (1: cas-child, 2: parenting-style)"),
    ...config.tests.map((t) => h('option', { value: t }, `One role (1) taking ${t}`)),
  );
  const mobile = h('input', {
    type: 'tel',
    name: 'mobile',
    inputmode: 'numeric',
    autocomplete: 'off',
    value: session().mobile ?? '',
  });
  const vip = h('input', {
    type: 'text',
    name: 'vip-token',
    autocomplete: 'off',
    spellcheck: 'false',
    value: session().record ?? '',
  });
  const seconds = h('input', { type: 'number', name: 'seconds', min: '1', value: '121' });

  async function run(
    label: string,
    call: (base: string) => Outgoing,
    keep: (data: Record<string, unknown>) => string,
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
      let data: Record<string, unknown> = {};
      try {
        data = (JSON.parse(answer.text) as { data?: Record<string, unknown> }).data ?? {};
      } catch {}
      const said = answer.status < 300 ? keep(data) : `${label}: the sandbox refused (${answer.status})`;
      refill();
      out.replaceChildren(
        h('p', { class: 'tas-helper-said', 'data-status': String(answer.status) }, said),
        answerView(answer),
      );
    } catch (error) {
      out.replaceChildren(problem(unreachable(sent.url, error)));
    }
  }

  const button = (text: string, onClick: () => void) => {
    const b = h('button', { type: 'button' }, text);
    b.addEventListener('click', onClick);
    return b;
  };
  const makeRecord = button('Make a ready record', () =>
    run(
      'Make a ready record',
      (base) => control(base, 'POST', '/records/', { test_id: test.value.trim(), state: 'ready' }),
      (data) => {
        remember({ record: String(data.token) });
        vip.value = String(data.token);
        return `Ready record of ${String(data.test_id)}: ${String(data.token)} (now in the panel's token)`;
      },
    ),
  );
  const makeVip = button('Make a record in VIP wait', () =>
    run(
      'Make a record in VIP wait',
      (base) => control(base, 'POST', '/records/', { test_id: test.value.trim(), state: 'vip_wait' }),
      (data) => {
        remember({ record: String(data.token) });
        vip.value = String(data.token);
        return `Record in VIP wait: ${String(data.token)}`;
      },
    ),
  );
  const makeRoadmap = button('Make a roadmap', () =>
    run(
      'Make a roadmap',
      (base) =>
        control(
          base,
          'POST',
          '/roadmaps/',
          roadmapTest.value ? { roles: [{ id: 1, title: 'نقش ۱', test_ids: [roadmapTest.value] }] } : undefined,
        ),
      (data) => {
        remember({ roadmap: String(data.token) });
        return `Roadmap ${String(data.token)} (now in the panel's token)`;
      },
    ),
  );
  const readCode = button('Read the SMS code', () =>
    run(
      'Read the SMS code',
      (base) => control(base, 'GET', `/sms/?mobile=${encodeURIComponent(mobile.value.trim())}`),
      (data) => {
        const first = (data.messages as { code?: string; token?: string }[] | undefined)?.[0];
        if (!first?.code) return `No code was sent to ${mobile.value.trim()} yet: authenticate first`;
        remember({ code: first.code });
        return `Code ${first.code} (for ${first.token ?? 'a token'}; now in the panel's body)`;
      },
    ),
  );
  const completeVip = button('Complete the VIP action', () =>
    run(
      'Complete the VIP action',
      (base) => control(base, 'POST', `/records/${encodeURIComponent(vip.value.trim())}/complete-vip/`),
      (data) => `Record ${String(data.token)} is ready (status ${String(data.status)})`,
    ),
  );
  const moveClock = button('Move the clock', () =>
    run(
      'Move the clock',
      (base) => control(base, 'POST', '/clock/', { seconds: Number(seconds.value) }),
      (data) => `The organizer's clock is now ${String(data.now)}`,
    ),
  );
  const reset = button('Reset this organizer', () =>
    run(
      'Reset',
      (base) => control(base, 'POST', '/reset/'),
      () => 'Back to the seed',
    ),
  );
  // The mobile follows the last authentication sent from the panel.
  target.onChange(() => {
    note.hidden = target.kind === 'sandbox';
    grid.hidden = target.kind !== 'sandbox';
  });
  const note = h(
    'p',
    { class: 'tas-hint' },
    'The mock has no control API (/__sandbox/): choose a sandbox to use these.',
  );
  const grid = h(
    'div',
    { class: 'tas-helpers-grid' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'A record'),
      field('Test', test, 'Any test id of the sandbox; the list is those the description names.'),
      h('div', { class: 'tas-actions' }, makeRecord, makeVip),
      testList,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'A roadmap'),
      field('Roles', roadmapTest),
      h('div', { class: 'tas-actions' }, makeRoadmap),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'The SMS outbox'),
      field('Mobile', mobile, 'The mobile the code was sent to.'),
      h('div', { class: 'tas-actions' }, readCode),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'The VIP action'),
      field('Record token', vip),
      h('div', { class: 'tas-actions' }, completeVip),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'The clock'),
      field('Seconds forward', seconds, 'Codes expire after 120 s, draft tokens after 300 s.'),
      h('div', { class: 'tas-actions' }, moveClock, reset),
    ),
  );
  note.hidden = target.kind === 'sandbox';
  grid.hidden = target.kind !== 'sandbox';
  const view = h('details', { class: 'tas-helpers' }, h('summary', {}, 'Sandbox helpers'), note, grid, out);
  view.addEventListener('toggle', () => {
    if (view.open && !mobile.value) mobile.value = session().mobile ?? '';
  });
  return view;
}
