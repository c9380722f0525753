import { SANDBOX_SCORING } from '../guide/scoring.js';
import { jsonRuns } from '../json/runs.js';
import type { Answer, Departure } from './judge.js';
import { jsonPath } from './request.js';
import { h } from './ui.js';

/** The body as a person reads it: pretty JSON (or the text as it came). */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The pretty body as nodes: each string that holds Persian one isolated run (src/json/runs.ts). */
export const bodyRuns = (text: string): (Node | string)[] =>
  jsonRuns(text).map((r) => (r.persian ? h('bdi', { lang: 'fa' }, r.text) : r.text));

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

type Envelope = { data?: { html?: unknown; scores?: unknown }; messages?: { code?: unknown; text?: unknown }[] };

const parse = (text: string): Envelope | undefined => {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return undefined;
  }
};

/** A refusal's codes, each linked to its entry on the errors page (cause and fix). */
function refusal(json: Envelope | undefined): HTMLElement | undefined {
  const messages = (json?.messages ?? []).filter((m) => typeof m.code === 'string');
  if (!messages.length) return undefined;
  return h(
    'ul',
    { class: 'tas-refusal' },
    ...messages.map((m) =>
      h(
        'li',
        {},
        h(
          'a',
          { href: new URL(`errors.html#${String(m.code)}`, document.baseURI).href, target: '_blank' },
          String(m.code),
        ),
        typeof m.text === 'string' ? `: ${m.text}` : '',
        h('small', {}, ' (its cause and fix on the errors page)'),
      ),
    ),
  );
}

function verdictOf(departures: Departure[] | undefined, refused: boolean): HTMLElement | undefined {
  if (departures === undefined) return undefined;
  if (departures.length === 0)
    return h(
      'p',
      { class: `tas-verdict ${refused ? 'tas-ok-quiet' : 'tas-ok'}`, 'data-verdict': 'matches' },
      refused ? 'The refusal is one the description lists (its shape matches).' : '✓ Matches the description',
    );
  return h(
    'div',
    { class: 'tas-verdict tas-bad', 'data-verdict': 'departs' },
    h('p', {}, `✗ Departs from the description (${departures.length}):`),
    h(
      'ul',
      {},
      ...departures.map((d) =>
        h(
          'li',
          { 'data-rule': d.rule, 'data-path': jsonPath(d.path), 'data-ground': d.assumed ? 'assumed' : 'stated' },
          h('code', {}, jsonPath(d.path)),
          ` ${d.message} `,
          h('strong', {}, d.assumed ? 'assumed' : 'stated'),
          h(
            'small',
            {},
            ` [${d.rule}] ${d.assumed ? "the description's choice, not the interface's" : `the interface: ${d.statement}`}`,
          ),
        ),
      ),
    ),
  );
}

/**
 * An HTML questionnaire as the API returned it, in a sandboxed frame (no access to this page, forms
 * allowed): the person fills it in and submits it to the sandbox, as a participant would.
 */
function questionnaireView(html: string): HTMLElement {
  const open = h('button', { type: 'button', class: 'tas-helper' }, 'Fill in this questionnaire here');
  const holder = h('div', { class: 'tas-form-frame' });
  const said = h('p', { class: 'tas-hint', 'aria-live': 'polite' });
  open.addEventListener('click', () => {
    const frame = h('iframe', {
      title: 'The HTML questionnaire',
      sandbox: 'allow-forms allow-scripts',
      referrerpolicy: 'no-referrer',
    });
    frame.srcdoc = html;
    holder.replaceChildren(frame);
    open.hidden = true;
    said.textContent = 'Answer every question and submit: the answers go to the server the questionnaire names.';
    window.addEventListener('message', function finished(event) {
      const m = event.data as { type?: string; token?: string } | undefined;
      if (event.source !== frame.contentWindow || m?.type !== 'tas:record-finished') return;
      said.textContent = `The record ${String(m.token)} is finished: read its result.`;
      said.setAttribute('data-finished', String(m.token));
      window.removeEventListener('message', finished);
    });
  });
  return h('div', { class: 'tas-questionnaire' }, open, said, holder);
}

/**
 * Status first, coloured by its class, then a refusal's codes linked to the errors page, then the
 * verdict against the description; every header the browser may read; the body.
 */
export function answerView(answer: Answer & { ms: number }, departures?: Departure[]): HTMLElement {
  const json = parse(answer.text);
  const cls = answer.status < 300 ? 'ok' : answer.status < 500 ? 'refused' : 'failed';
  const headers = Object.entries(answer.headers).sort(([a], [b]) => a.localeCompare(b));
  const html = answer.status < 300 && typeof json?.data?.html === 'string' ? json.data.html : undefined;
  return h(
    'section',
    { class: 'tas-answer', 'aria-label': 'Answer' },
    h(
      'p',
      { class: `tas-status tas-status-${cls}`, 'data-status': String(answer.status) },
      h('strong', {}, `${answer.status} ${REASONS[answer.status] ?? ''}`.trim()),
      ` · ${answer.ms} ms`,
      cls === 'ok' ? '' : h('span', { class: 'tas-said' }, cls === 'refused' ? ' · refused' : ' · server error'),
    ),
    cls === 'ok' ? undefined : refusal(json),
    verdictOf(departures, cls !== 'ok'),
    html ? questionnaireView(html) : undefined,
    answer.status < 300 && Array.isArray(json?.data?.scores)
      ? h('p', { class: 'tas-hint' }, SANDBOX_SCORING)
      : undefined,
    h(
      'div',
      { class: 'tas-headers' },
      h('p', { class: 'tas-label' }, `Headers (${headers.length}, those the server lets a page read)`),
      h('dl', {}, ...headers.flatMap(([k, v]) => [h('dt', {}, k), h('dd', { dir: 'auto' }, v)])),
    ),
    h('pre', { class: 'tas-json', dir: 'ltr', tabindex: '0', 'aria-label': 'Body' }, ...bodyRuns(pretty(answer.text))),
  );
}
