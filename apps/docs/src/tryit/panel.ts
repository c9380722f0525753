import { answerView } from './answer-view.js';
import { answersOf, carried, freshIds, learn } from './carry.js';
import type { OperationPrefill, TryitConfig } from './config.js';
import { envView } from './env-view.js';
import type { Departure } from './judge.js';
import { asClient, asCurl, type Outgoing, outgoing, type Parts } from './request.js';
import { onSession, remember, type Session, session } from './state.js';
import { TargetPicker } from './target.js';
import { copy, dialog, h, problem, RequestEditor, send, showBelowTitle, unreachable } from './ui.js';

export interface Context {
  config: TryitConfig;
  judge: (
    operationId: string,
    request: Outgoing,
    answer: { status: number; headers: Record<string, string>; text: string },
  ) => Promise<Departure[]>;
}

/** The carried pieces of the request (token, code, draft token, answers) set again from the environment. */
function patch(current: Parts, op: OperationPrefill, s: Session): Parts {
  const next = carried(op, s);
  const token = next.path_params.token;
  const body =
    current.body && typeof current.body === 'object' ? { ...(current.body as Record<string, unknown>) } : current.body;
  if (body && typeof body === 'object') {
    for (const [f, from] of Object.entries(op.session_fields))
      if (s[from]) (body as Record<string, unknown>)[f] = s[from];
    const answers = op.operationId === 'submitAnswers' ? answersOf(s, token) : undefined;
    if (answers) (body as Record<string, unknown>).record = answers;
  }
  return { ...current, path_params: { ...current.path_params, ...(token ? { token } : {}) }, body };
}

/** The "Try it" panel of one operation. */
export function openPanel(ctx: Context, operationId: string): void {
  const op = ctx.config.operations[operationId];
  if (!op) return;
  const { dialog: box, body } = dialog(`Try it: ${op.summary}`, 'tas-panel');
  const target = new TargetPicker(ctx.config, op.key);
  const editor = new RequestEditor(carried(op, session()), {
    path: Object.keys(op.path_params).length > 0,
    query: Object.keys(op.query).length > 0,
    body: op.body !== undefined,
  });
  const sendButton = h('button', { type: 'submit', class: 'tas-send' }, 'Send');
  const result = h('div', { class: 'tas-result tas-sent', 'aria-live': 'polite' });
  const actions = h('div', { class: 'tas-actions' }, sendButton);
  const curlButton = h('button', { type: 'button', disabled: true }, 'Copy as curl');
  const clientButton = h('button', { type: 'button', disabled: true }, 'Copy as typed-client code');
  const copied = h('div', { class: 'tas-copy-out', hidden: true });
  const copyWhy = h('small', { class: 'tas-hint' }, 'After a send: these copy exactly what was sent.');
  let last: { sent: Outgoing; parts: Parts } | undefined;
  const env = envView(ctx.config, op, target);

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
    env.element,
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
      if (answer.status < 300)
        remember(
          learn(operationId, parts, (json as { data?: Record<string, unknown> } | undefined)?.data ?? {}, session()),
        );
      result.replaceChildren(answerView(answer, await ctx.judge(operationId, sent, answer)));
      // On a phone the answer is below the editor: bring Send, the status and the verdict into view.
      showBelowTitle(actions);
      last = { sent, parts };
      // The next send takes a new mobile and external_id (the same again would be refused).
      if (parts.body !== undefined) editor.set({ body: freshIds(parts.body) as Parts['body'] });
      curlButton.disabled = false;
      clientButton.disabled = false;
      copyWhy.hidden = true;
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
  // The environment's values follow into the request as they change; the rest of what was typed stays.
  const refill = () => {
    try {
      editor.set(patch(editor.parts(), op, session()));
    } catch {}
  };
  const stop = onSession(refill);
  box.addEventListener('close', () => {
    stop();
    env.stop();
  });
  // The control API's own page: the typed client has no control API.
  const own = !ctx.config.control_page;
  body.append(
    form,
    result,
    h('div', { class: 'tas-actions tas-copy' }, curlButton, own && clientButton, copyWhy),
    copied,
  );
}
