import { mediaBaseOf, type OpenApiDocument, sampleMedia } from '@tas/openapi';
import { type Addresses, atAddresses } from './addresses.js';
import { breakable, code, esc, inline } from './html.js';

// Two guide sections: question media (where a relative path resolves, a question shown with its
// image) and the HTML questionnaire (embedding it, and learning that the record is finished). The
// typed examples are run by test/embedding.test.ts against a sandbox, as a partner would run them.

/** Shows a questionnaire's media as URLs (run with TAS_BASE_URL, TAS_API_KEY and TAS_RECORD). */
export const MEDIA_EXAMPLE = `// Prints each question with the URLs of its media: put them in <img src> or <audio src> as they are.
import { createClient, getQuestionnaire, mediaUrl } from '@tas/client';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4020';
const tas = createClient({ baseUrl, apiKey: process.env.TAS_API_KEY ?? 'sandbox-key-instant' });
const token = process.env.TAS_RECORD ?? '';

const questionnaire = await getQuestionnaire(tas, token);
if (questionnaire.format === 'json') {
  for (const q of questionnaire.questions) {
    const media = [mediaUrl(q.question.image, baseUrl), mediaUrl(q.question.audio, baseUrl)];
    console.log(q.num, q.question.text, ...media.filter((url) => url !== null));
    if (q.answer.text) continue;
    for (const o of q.answer.options) console.log('  ', o.id, o.text, mediaUrl(o.image, baseUrl) ?? '');
  }
}
`;

/** Waits, on the integration's server, until a record answered through its HTML form is finished. */
export const FINISHED_EXAMPLE = `// Learns that a record answered in its HTML form is finished: GET /record/{token}/ until is_finished.
import { createClient } from '@tas/client';

const tas = createClient({
  baseUrl: process.env.TAS_BASE_URL ?? 'http://localhost:4020',
  apiKey: process.env.TAS_API_KEY ?? 'sandbox-key-instant',
});

/** Polls every \`everyMs\` until the record is finished (true), or \`timeoutMs\` passes (false). */
export async function waitUntilFinished(token: string, everyMs = 5_000, timeoutMs = 30 * 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const record = await tas.call('getRecord', { path: { token } });
    if (record.is_finished) return true;
    if (Date.now() + everyMs > until) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

console.log('finished:', await waitUntilFinished(process.env.TAS_RECORD ?? '', 1_000, 10 * 60_000));
`;

/** The partner's page: the form in an iframe, and the message it sends when the record is finished. */
export const EMBED_HTML = `<iframe id="questionnaire" title="Questionnaire" style="width:100%;height:80vh;border:0"></iframe>
<script type="module">
  // html: data.html of GET /record/{token}/questions/, fetched by your server (it holds the API key).
  const frame = document.getElementById('questionnaire');
  frame.srcdoc = html;
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.data?.type !== 'tas:record-finished') return;
    // A hint from a page: your server confirms with GET /record/{token}/ (waitUntilFinished below).
    fetch(\`/your-server/records/\${event.data.token}/finished\`, { method: 'POST' });
  });
</script>
`;

/** A sample file of the sandbox, inline, so that the guide shows it with no server running. */
function inlineImage(path: string, alt: string, width: number): string {
  const file = sampleMedia().get(path);
  if (!file) throw new Error(`no sample media ${path}`);
  return `<img src="data:${file.type};base64,${file.bytes.toString('base64')}" alt="${esc(alt)}" width="${width}" style="max-width:100%;height:auto">`;
}

/** "Question media": where a relative media path resolves, and a question shown with its images. */
export function mediaSection(doc: OpenApiDocument, addresses: Addresses): string {
  // A release before 2.1.0 stated no media base: its versioned guide has no such section.
  if (!(doc.info as Record<string, unknown>)['x-media-base']) return '';
  const example = (doc.components.examples?.QuestionnaireJson as { value?: unknown } | undefined)?.value as {
    data: {
      questions: {
        num: string;
        question: { text: string; image: string | null };
        answer: { text: boolean; options?: { id: number; text: string; image: string | null }[] };
      }[];
    };
  };
  const shown = example.data.questions.find((q) => q.question.image !== null);
  if (!shown) throw new Error('the example questionnaire has no question with an image');
  const resolve = (path: string) => new URL(path, mediaBaseOf(doc).replace('{base_url}', addresses.sandbox)).href;
  const options = (shown.answer.options ?? [])
    .filter((o) => o.image !== null)
    .map(
      (o) =>
        `<figure class="tas-media-option">${inlineImage(`/${o.image}`, o.text, 160)}<figcaption><bdi lang="fa">${esc(o.text)}</bdi> <small>(<code>${esc(o.id)}</code>)</small></figcaption></figure>`,
    )
    .join('');
  return `<h2 id="media">Question media</h2>
<p>A question and each option may carry an <code>image</code> and an <code>audio</code> path. A relative path resolves
against the deployment's base address followed by <code>/</code> (the server variable <code>base_url</code>, the address
without <code>/api/v2</code>): on the sandbox, <code>${esc(shown.question.image)}</code> is
<code>${breakable(esc(resolve(shown.question.image as string)))}</code>. Media need no API key, so the URL goes into an
<code>&lt;img&gt;</code> or <code>&lt;audio&gt;</code> element as it is; the typed client's <code>mediaUrl</code>
resolves a path for you. This is an assumption of the description (the interface says only "may be relative to a media
base address"): <a href="assumptions.html#general">Stated and assumed</a>.</p>
<p>Question ${esc(shown.num)} of the example questionnaire, as the sandbox serves its media:</p>
<figure class="tas-media-question" dir="rtl" lang="fa">
<figcaption>${inline(shown.question.text)}</figcaption>
${inlineImage(`/${shown.question.image}`, shown.question.text, 320)}
<div class="tas-media-options">${options}</div>
</figure>
<p>With the typed client, in the folder of <a href="#client-setup">A folder to run them in</a> (as <code>media.ts</code>,
run with <code>TAS_RECORD</code> set to an authenticated career-interest record):</p>
${code(atAddresses(MEDIA_EXAMPLE.trimEnd(), addresses), 'ts')}`;
}

/** "The HTML questionnaire": embedding it and learning that the record is finished. */
export function htmlQuestionnaireSection(doc: OpenApiDocument, addresses: Addresses): string {
  // A release before 2.1.0 stated no way for the form to submit: its versioned guide has no such section.
  if (!(doc.components.schemas?.HtmlQuestionnaire as Record<string, unknown> | undefined)?.['x-submission']) return '';
  return `<h2 id="html-questionnaire">The HTML questionnaire</h2>
<p>Some tests answer <code>GET /record/{token}/questions/</code> with <code>{html}</code> instead of questions (on the
sandbox, the <code>raven-html</code> record). The HTML is a whole form: put it in an iframe (or a WebView) and the
participant answers there; the form posts itself to the deployment and finishes the record. Your server fetches the HTML,
since the call needs the API key; the form itself needs none.</p>
<p>How you learn that the record is finished, as the description states it (an assumption: the interface does not say):
the page the form answers sends the window that embeds it the message
<code>{"type": "tas:record-finished", "token": "…"}</code> (<code>window.parent.postMessage</code> in an iframe; a JSON
string to <code>window.ReactNativeWebView.postMessage</code> in a React Native WebView). Take the message as a hint and
confirm with <code>GET /record/{token}/</code> (<code>is_finished: true</code>); where no message can come (another
deployment's form, a closed app), poll that call.</p>
${code(EMBED_HTML.trimEnd(), 'html')}
<p>On your server, with the typed client (as <code>finished.ts</code> in the same folder):</p>
${code(atAddresses(FINISHED_EXAMPLE.trimEnd(), addresses), 'ts')}`;
}
