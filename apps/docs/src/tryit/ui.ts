import type { Answer } from './judge.js';
import type { Outgoing, Parts } from './request.js';

let ids = 0;
export const uid = (name: string) => `tas-tryit-${name}-${++ids}`;

type Attrs = Record<string, string | boolean | undefined>;
/** A small element builder: attributes (false/undefined left out), then children (text or nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== false) el.setAttribute(k, v === true ? '' : v);
  for (const c of children) if (c !== undefined && c !== false) el.append(c);
  return el;
}

/** A labelled field: the label names it for screen readers, the hint is read with it. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id || uid('field');
  control.id = id;
  const hintEl = hint ? h('small', { id: `${id}-hint`, class: 'tas-hint' }, hint) : undefined;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'tas-field' }, h('label', { for: id }, label), control, hintEl);
}

/** Scrolls the dialog `el` is in so that `el` starts just below the dialog's sticky title (which would cover it). */
export function showBelowTitle(el: HTMLElement): void {
  const box = el.closest('dialog');
  const title = box?.querySelector('header');
  if (!box || !title) return;
  box.scrollBy({ top: el.getBoundingClientRect().top - title.getBoundingClientRect().bottom - 8 });
}

/** The modal the panel and the journeys live in: Escape and the close button close it; focus returns. */
export function dialog(title: string, cls: string): { dialog: HTMLDialogElement; body: HTMLElement } {
  const heading = h('h2', { id: uid('title') }, title);
  const close = h('button', { type: 'button', class: 'tas-close', 'aria-label': 'Close' }, '×');
  const body = h('div', { class: 'tas-body' });
  const el = h(
    'dialog',
    { class: `tas-tryit ${cls}`, 'aria-labelledby': heading.id },
    h('header', {}, heading, close),
    body,
  );
  close.addEventListener('click', () => el.close());
  el.addEventListener('close', () => el.remove());
  document.body.append(el);
  el.showModal();
  return { dialog: el, body };
}

/** The request's parts as JSON, each in its own labelled box: path parameters, query, body. */
export class RequestEditor {
  readonly element = h('div', { class: 'tas-editor' });
  private boxes: Partial<Record<keyof Parts, HTMLTextAreaElement>> = {};

  constructor(parts: Parts, has: { path: boolean; query: boolean; body: boolean }) {
    const box = (name: keyof Parts, label: string, hint: string, show: boolean) => {
      if (!show) return;
      const area = h('textarea', { name, rows: '3', spellcheck: 'false', autocapitalize: 'off', dir: 'ltr' });
      this.boxes[name] = area;
      this.element.append(field(label, area, hint));
    };
    box('path_params', 'Path parameters (JSON)', 'The token in the path.', has.path);
    box('query', 'Query (JSON)', 'Left-out or empty values are not sent.', has.query);
    const fresh = /"(mobile|external_id)"/.test(JSON.stringify(parts.body) ?? '');
    box(
      'body',
      'Body (JSON)',
      `Sent as application/json.${fresh ? ' After each send, a new mobile and external_id for the next: the sandbox allows 5 authentications per mobile, and an external_id is used once.' : ''}`,
      has.body,
    );
    this.set(parts);
  }

  set(parts: Partial<Parts>): void {
    for (const [name, value] of Object.entries(parts) as [keyof Parts, unknown][]) {
      const area = this.boxes[name];
      if (!area || value === undefined) continue;
      area.value = JSON.stringify(value, null, 2);
      area.rows = Math.min(14, Math.max(2, area.value.split('\n').length));
    }
  }

  /** The edited parts; a box that is not JSON is an error naming it. */
  parts(): Parts {
    const parse = (name: keyof Parts, fallback: unknown) => {
      const area = this.boxes[name];
      if (!area) return fallback;
      if (area.value.trim() === '') return name === 'body' ? undefined : {};
      try {
        return JSON.parse(area.value);
      } catch (e) {
        throw new Error(`${area.labels?.[0]?.textContent ?? name} is not JSON: ${(e as Error).message}`);
      }
    };
    return {
      path_params: parse('path_params', {}) as Record<string, unknown>,
      query: parse('query', {}) as Record<string, unknown>,
      body: parse('body', undefined),
    };
  }
}

/** Sends one request with the key in its header; the answer with its time. Nothing is logged. */
export async function send(
  sent: Outgoing,
  key: string,
  extra: Record<string, string> = {},
): Promise<Answer & { ms: number }> {
  const headers: Record<string, string> = { 'API-KEY': key, ...extra };
  if (sent.body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(sent.url, {
    method: sent.method,
    headers,
    body: sent.body,
    mode: 'cors',
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  const seen: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    seen[name] = value;
  });
  return { status: response.status, headers: seen, text, ms };
}

/** A failure before any answer (a bad field, a server that is not there): said in words, in place. */
export function problem(message: string): HTMLElement {
  return h('p', { class: 'tas-problem', role: 'alert' }, message);
}

export function unreachable(url: string, error: unknown): string {
  return `No answer from ${new URL(url).origin}: ${(error as Error).message}. Is it running, and does it answer this page's origin (CORS)?`;
}

/** Copies a text; where the clipboard is refused, the text is shown selected for the person to copy. */
export async function copy(text: string, shown: HTMLElement, label: string): Promise<void> {
  shown.replaceChildren(h('p', {}, label), h('pre', { class: 'tas-copied', tabindex: '0' }, text));
  shown.hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    shown.querySelector('p')?.append(': copied');
  } catch {
    shown.querySelector('p')?.append(': select and copy it');
  }
}
