import { knownRecords } from './carry.js';
import type { OperationPrefill, TryitConfig } from './config.js';
import { sandboxHelpers } from './helpers.js';
import { onSession, remember, type Session, session } from './state.js';
import type { TargetPicker } from './target.js';
import { field, h } from './ui.js';

type Shown = 'record' | 'roadmap' | 'mobile' | 'draft_token' | 'code';

const LABELS: Record<Shown, [string, string]> = {
  record: ['Record token', 'From the last answer that named a record (a listing, a roadmap, a helper).'],
  roadmap: ['Roadmap token', 'From the last roadmap read or made.'],
  mobile: ['Mobile', 'The mobile of the last authentication sent: the SMS code is read for it.'],
  draft_token: ['Draft token', 'From the last roadmap authentication (valid 300 s).'],
  code: ['SMS code', 'Read from the sandbox outbox for the last authentication.'],
};

/** The carried values this operation takes, first. */
function usedBy(op: OperationPrefill): Shown[] {
  const used: Shown[] = [];
  if (op.token) used.push(op.token);
  for (const from of Object.values(op.session_fields)) used.push(from);
  return used;
}

/**
 * The environment, in the panel: every value earlier answers carried (tokens, the mobile, the draft
 * token, the code, the answers built from the questionnaire), each editable; those this operation
 * takes come first. Sandbox helpers sit beside the value they change. Returns a function that stops
 * listening (the panel calls it when it closes).
 */
export function envView(
  config: TryitConfig,
  op: OperationPrefill,
  target: TargetPicker,
): { element: HTMLElement; stop: () => void } {
  const used = usedBy(op);
  const order = [
    ...used,
    ...(['record', 'roadmap', 'mobile', 'draft_token', 'code'] as Shown[]).filter((k) => !used.includes(k)),
  ];
  const inputs = {} as Record<Shown, HTMLInputElement>;
  const helpers = config.control_page ? undefined : sandboxHelpers(config, target);
  const known = h('select', { name: 'known-records', 'aria-label': 'Records answered so far' });
  known.addEventListener('change', () => {
    if (known.value) remember({ record: known.value });
  });
  const answers = h('p', { class: 'tas-hint', 'data-env': 'answers' });
  const rows = order.map((name) => {
    const input = h('input', {
      type: 'text',
      name: `env-${name}`,
      autocomplete: 'off',
      spellcheck: 'false',
      autocapitalize: 'off',
      dir: 'ltr',
    });
    inputs[name] = input;
    input.addEventListener('change', () => remember({ [name]: input.value.trim() || null }));
    const [label, hint] = LABELS[name];
    const row = h(
      'div',
      { class: `tas-env-row${used.includes(name) ? ' tas-used' : ''}`, 'data-env': name },
      field(`${label}${used.includes(name) ? ' (used here)' : ''}`, input, hint),
      name === 'record' ? known : undefined,
      name === 'record' && op.operationId === 'submitAnswers' ? answers : undefined,
      helpers && name === 'record' ? helpers.record : undefined,
      helpers && name === 'roadmap' ? helpers.roadmap : undefined,
      helpers && name === 'code' ? helpers.code : undefined,
    );
    return row;
  });
  const note = h(
    'p',
    { class: 'tas-hint' },
    'The mock has no control API (/__sandbox/): choose a sandbox to use the helpers.',
  );
  const show = () => {
    const s: Session = session();
    for (const name of order) if (document.activeElement !== inputs[name]) inputs[name].value = s[name] ?? '';
    const records = knownRecords(s);
    known.replaceChildren(
      h(
        'option',
        { value: '' },
        records.length ? `Records answered so far (${records.length})` : 'No record answered yet',
      ),
      ...records.map((r) =>
        h('option', { value: r.token, selected: r.token === s.record }, `${r.label} · ${r.token.slice(0, 8)}`),
      ),
    );
    known.hidden = records.length === 0;
    answers.textContent = s.answers
      ? `Answers built from the questionnaire of ${(JSON.parse(s.answers) as { token: string }).token}: in the body below when it is this record's.`
      : 'Fetch the questions of a record first: its answers are then built here.';
    const sandbox = target.kind === 'sandbox';
    note.hidden = sandbox || !helpers;
    for (const el of helpers ? [helpers.record, helpers.roadmap, helpers.code, helpers.more] : []) el.hidden = !sandbox;
  };
  const stop = onSession(show);
  target.onChange(show);
  // The values this operation takes, in view; the others (still shared, still editable) one tap away.
  const usedRows = rows.filter((_, i) => used.includes(order[i] as Shown));
  const otherRows = rows.filter((_, i) => !used.includes(order[i] as Shown));
  const element = h(
    'fieldset',
    { class: 'tas-env' },
    h('legend', {}, 'Carried from earlier answers'),
    h('p', { class: 'tas-hint' }, 'Each panel fills its request from these; edit one to change it for every panel.'),
    note,
    ...usedRows,
    h(
      'details',
      { class: 'tas-env-more' },
      h(
        'summary',
        { class: 'tas-helper' },
        usedRows.length ? 'Other carried values and helpers' : 'Carried values and helpers',
      ),
      ...otherRows,
      helpers?.more,
    ),
  );
  show();
  return { element, stop };
}
