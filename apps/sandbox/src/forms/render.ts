import type { TestDefinition } from '../catalog/types.js';
import { LOCAL } from '../http/cors.js';
import { SECRET_FIELD } from './secret.js';

/** Where the sandbox's HTML questionnaires submit: `{origin}/forms/{token}/`, outside /api/v2. */
export const FORMS_PREFIX = '/forms/';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const persian = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] as string);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.6}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:0 0 .75rem;padding:.5rem .75rem}
label{display:inline-block;margin:.25rem .5rem;padding:.25rem .5rem;cursor:pointer}
button{font:inherit;padding:.5rem 1.5rem}`;

/** A page of the form flow, in the participant's language and direction. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * The HTML questionnaire of a record: one group of radio buttons (`a1`, `a2`, …) per item, each
 * required, an action that posts the answers to the sandbox's public address (`origin`), and the
 * form's secret as a hidden field: the HTML as the API answers it can be embedded and posted as is.
 */
export function renderHtmlForm(test: TestDefinition, token: string, origin: string, secret: string): string {
  const q = test.questionnaire;
  if (q.kind !== 'html') throw new Error(`${test.id} has no HTML questionnaire`);
  const values = Array.from({ length: q.max - q.min + 1 }, (_, i) => q.min + i);
  const items = Array.from(
    { length: q.count },
    (_, i) =>
      `<fieldset><legend>پرسش ${persian(i + 1)}</legend>${values
        .map(
          (v) =>
            `<label><input type="radio" name="a${i + 1}" value="${v}" required aria-label="پرسش ${i + 1}، گزینه ${v}"> ${persian(v)}</label>`,
        )
        .join('')}</fieldset>`,
  ).join('\n');
  const action = `${origin}${FORMS_PREFIX}${encodeURIComponent(token)}/`;
  return page(
    test.title,
    `<form id="tas-form" method="post" action="${esc(action)}" accept-charset="utf-8">
<input type="hidden" name="${SECRET_FIELD}" value="${esc(secret)}">
<h1>${esc(test.title)}</h1>
<p>برای هر پرسش، شمارهٔ الگوی گمشده را انتخاب کنید.</p>
${items}
<button type="submit">ثبت پاسخ‌ها</button>
</form>`,
  );
}

/**
 * The page after the answers are in: it tells the page that embeds it, by postMessage, that the
 * record is finished (`{type: 'tas:record-finished', token}`), to a parent window (an iframe) and
 * to a React Native WebView; an integration confirms with GET /record/{token}/ (`is_finished`).
 * The message goes only to the origins the host allows (`--cors-origin`; `*` any), by default to a
 * parent on this machine (read from `location.ancestorOrigins`), never to whatever page framed it.
 */
export function finishedPage(token: string, embedders?: readonly string[]): string {
  const message = JSON.stringify({ type: 'tas:record-finished', token }).replace(/</g, '\\u003c');
  const targets = embedders?.includes('*') ? ['*'] : embedders;
  const post = targets
    ? `${JSON.stringify(targets).replace(/</g, '\\u003c')}.forEach(function(o){window.parent.postMessage(m,o);})`
    : `var a=location.ancestorOrigins,o=a&&a[0];if(o&&${LOCAL}.test(o))window.parent.postMessage(m,o)`;
  return page(
    'پایان',
    `<p id="tas-finished" data-token="${esc(token)}">پاسخ‌های شما ثبت شد. سپاس!</p>
<script>(function(){var m=${message};if(window.parent!==window){${post}}if(window.ReactNativeWebView)window.ReactNativeWebView.postMessage(JSON.stringify(m));})();</script>`,
  );
}

/** A refusal of the form flow, as a page the participant can read (and a code a test can). */
export function refusedPage(code: string, text: string): string {
  return page('خطا', `<p id="tas-refused" data-code="${esc(code)}">${esc(text)}</p>`);
}
