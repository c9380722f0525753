import type { OperationPrefill, TryitConfig } from './config.js';
import { helpersView } from './helpers.js';
import type { Departure } from './judge.js';
import { asClient, asCurl, type Outgoing, outgoing, type Parts } from './request.js';
import { remember, type Session, session } from './state.js';
import {
  answerView,
  copy,
  dialog,
  h,
  problem,
  RequestEditor,
  send,
  showBelowTitle,
  TargetPicker,
  unreachable,
} from './ui.js';

export interface Context {
  config: TryitConfig;
  judge: (
    operationId: string,
    request: Outgoing,
    answer: { status: number; headers: Record<string, string>; text: string },
  ) => Departure[];
}

/** The operation's parts, prefilled from its examples and what this tab's calls answered. */
export function prefill(op: OperationPrefill, s: Session): Parts {
  const token = op.token === 'record' ? s.record : op.token === 'roadmap' ? s.roadmap : undefined;
  const path_params = { ...op.path_params, ...(token ? { token } : {}) };
  const body = op.body === undefined ? undefined : structuredClone(op.body);
  if (body && typeof body === 'object')
    for (const [fieldName, from] of Object.entries(op.session_fields)) {
      const value = s[from];
      if (value) (body as Record<string, unknown>)[fieldName] = value;
    }
  return { path_params, query: { ...op.query }, body };
}

/** What an answer teaches the next calls: the draft token, the mobile a code went to. */
function learn(op: OperationPrefill, parts: Parts, json: unknown): void {
  const data = (json as { data?: Record<string, unknown> } | undefined)?.data;
  const mobile = (parts.body as { mobile?: unknown } | undefined)?.mobile;
  const token = parts.path_params.token;
  remember({
    ...(typeof mobile === 'string' ? { mobile } : {}),
    ...(typeof data?.draft_token === 'string' ? { draft_token: data.draft_token } : {}),
    ...(op.token === 'record' && typeof token === 'string' ? { record: token } : {}),
    ...(op.token === 'roadmap' && typeof token === 'string' ? { roadmap: token } : {}),
  });
}

/** The "Try it" panel of one operation. */
export function openPanel(ctx: Context, operationId: string): void {
  const op = ctx.config.operations[operationId];
  if (!op) return;
  const { body } = dialog(`Try it: ${op.summary}`, 'tas-panel');
  const target = new TargetPicker(ctx.config, op.key);
  const editor = new RequestEditor(prefill(op, session()), {
    path: Object.keys(op.path_params).length > 0,
    query: Object.keys(op.query).length > 0,
    body: op.body !== undefined,
  });
  const sendButton = h('button', { type: 'submit', class: 'tas-send' }, 'Send');
  const result = h('div', { class: 'tas-result', 'aria-live': 'polite' });
  const actions = h('div', { class: 'tas-actions' }, sendButton);
  const curlButton = h('button', { type: 'button', disabled: true }, 'Copy as curl');
  const clientButton = h('button', { type: 'button', disabled: true }, 'Copy as typed-client code');
  const copied = h('div', { class: 'tas-copy-out', hidden: true });
  let last: { sent: Outgoing; parts: Parts } | undefined;

  const form = h(
    'form',
    { class: 'tas-form', 'aria-label': `Request: ${op.method.toUpperCase()} ${op.path}` },
    h(
      'p',
      { class: 'tas-op-line' },
      h('span', { class: `tas-m tas-m-${op.method}` }, op.method.toUpperCase()),
      ' ',
      h('code', {}, `${ctx.config.base_path}${op.path}`),
    ),
    target.element,
    editor.element,
    actions,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    result.replaceChildren(h('p', {}, 'Sending…'));
    let sent: Outgoing;
    let parts: Parts;
    try {
      parts = editor.parts();
      sent = outgoing(target.url(), ctx.config.base_path, op, parts);
    } catch (error) {
      result.replaceChildren(problem((error as Error).message));
      return;
    }
    sendButton.disabled = true;
    try {
      const answer = await send(sent, target.apiKey());
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {}
      if (answer.status < 300) learn(op, parts, json);
      result.replaceChildren(answerView(answer, ctx.judge(operationId, sent, answer)));
      // On a phone the answer is below the editor: bring Send, the status and the verdict into view.
      showBelowTitle(actions);
      last = { sent, parts };
      curlButton.disabled = false;
      clientButton.disabled = false;
    } catch (error) {
      result.replaceChildren(problem(unreachable(sent.url, error)));
    } finally {
      sendButton.disabled = false;
    }
  });
  curlButton.addEventListener('click', () => last && copy(asCurl(last.sent), copied, 'curl for what was sent'));
  clientButton.addEventListener(
    'click',
    () => last && copy(asClient(last.sent, operationId, last.parts), copied, 'Typed-client code for what was sent'),
  );
  const refill = () => editor.set(prefill(op, session()));
  // The control API's own page: the typed client has no control API, and the helpers are its operations.
  const own = !ctx.config.control_page;
  body.append(form, result, h('div', { class: 'tas-actions tas-copy' }, curlButton, own && clientButton), copied);
  if (own) body.append(helpersView(ctx.config, target, refill));
}
