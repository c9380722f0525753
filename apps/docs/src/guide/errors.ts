import { MOCK_REFUSALS } from '@tas/mock/refusals';
import { listOperations, type OpenApiDocument } from '@tas/openapi';
import { REFUSALS, type Refusal, FIXES as SANDBOX_FIXES } from '@tas/sandbox/errors';
import { GUARD_REFUSALS } from '@tas/serve';
import { LOCAL, type Servers } from './addresses.js';
import { code, esc, inline, table } from './html.js';
import { page } from './layout.js';

/** One error code: its statuses, where it is answered, what causes it. */
export interface ErrorCode {
  code: string;
  statuses: number[];
  /** `GET /record/{token}/`, or a server's name for the codes no operation documents. */
  where: string[];
  cause: string;
}

/** What a partner does about each code: the sandbox's catalogue, every server's, the mock's own. */
export const FIXES: Record<string, string> = Object.fromEntries([
  ...Object.entries(SANDBOX_FIXES),
  ...[...GUARD_REFUSALS, ...MOCK_REFUSALS].map((r) => [r.code, r.fix]),
]);

/**
 * The codes the servers answer that no example of the description shows, from their catalogues
 * (none read from source): what every server refuses before any operation (@tas/serve), the mock's
 * own, and the sandbox's (its control API, what a hosted sandbox bounds, the HTML form's post).
 */
export function serverCodes(doc: OpenApiDocument): ErrorCode[] {
  const documented = new Set(documentedCodes(doc).map((e) => e.code));
  const codes = new Map<string, ErrorCode>();
  const add = (code: string, statuses: number[], where: string, cause: string) => {
    if (documented.has(code)) return;
    const entry = codes.get(code) ?? { code, statuses: [], where: [], cause };
    for (const status of statuses) if (!entry.statuses.includes(status)) entry.statuses.push(status);
    if (!entry.where.includes(where)) entry.where.push(where);
    codes.set(code, entry);
  };
  for (const r of GUARD_REFUSALS) add(r.code, r.statuses, 'every server', r.cause);
  for (const r of MOCK_REFUSALS) add(r.code, r.statuses, 'the mock', r.cause);
  for (const r of Object.values(REFUSALS) as Refusal<unknown>[])
    if (r.cause) add(r.code, [r.status], r.where ?? 'the sandbox', r.cause);
  return [...codes.values()];
}

/** Where one example's text tells only one of a code's causes: the whole of it. */
export const CAUSES: Record<string, string> = {
  invalid_body:
    "The body is not valid JSON, or is valid JSON that breaks the operation's request schema (a required field missing, a field it does not take, a wrong type, a value outside its pattern or bounds). One message per field at fault, `field` pointing at it.",
};

/** Every code of the description's error examples, with the operations and statuses that answer it. */
export function documentedCodes(doc: OpenApiDocument): ErrorCode[] {
  const codes = new Map<string, ErrorCode>();
  for (const op of listOperations(doc))
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400) continue;
      for (const example of Object.values(response.examples) as { messages?: { code?: string }[] }[])
        for (const message of example?.messages ?? []) {
          if (!message.code) continue;
          const entry = codes.get(message.code) ?? { code: message.code, statuses: [], where: [], cause: '' };
          if (!entry.statuses.includes(Number(status))) entry.statuses.push(Number(status));
          const where = `${op.method.toUpperCase()} ${op.path}`;
          if (!entry.where.includes(where)) entry.where.push(where);
          entry.cause ||= CAUSES[message.code] ?? (message as { text?: string }).text ?? '';
          codes.set(message.code, entry);
        }
    }
  return [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** errors.html: every error code a partner meets, its status, cause and fix; and how to ask the mock for one. */
export function errorsPage({
  doc,
  control,
  addresses = LOCAL,
}: {
  doc: OpenApiDocument;
  control: boolean;
  addresses?: Servers;
}): string {
  const { title, version } = doc.info;
  const rows = (list: ErrorCode[]) =>
    list.map((e) => [
      `<code id="${esc(e.code)}">${esc(e.code)}</code>`,
      e.statuses.sort().join(', '),
      inline(e.cause),
      inline(FIXES[e.code] ?? ''),
      e.where.map((w) => `<code>${esc(w)}</code>`).join('<br>'),
    ]);
  const body = `<h1>Error codes</h1>
<p>Every answer that refuses a request is the envelope with <code>successful: false</code> and, in <code>messages</code>, one or more
<code>{code, text, field?}</code>: <code>code</code> is for programs, <code>text</code> for people, <code>field</code> a JSON pointer to the part of
the request at fault. The interface shows the statuses of some of them (the <a href="assumptions.html">assumptions</a> say which are ours).</p>
<h2 id="api">Codes of the API's operations</h2>
${table(['Code', 'Status', 'Cause', 'Fix', 'Answered by'], rows(documentedCodes(doc)), 'errors')}
<h2 id="servers">Codes before any operation, and the servers' own</h2>
${table(['Code', 'Status', 'Cause', 'Fix', 'Answered by'], rows(serverCodes(doc)), 'errors')}
<h2 id="mock-prefer">Asking the mock for an error</h2>
<p>The mock answers a valid request with its first success example; a <code>Prefer</code> header asks for another answer of
the operation by its status and example name (the reference lists both under each response):</p>
${code(
  [
    "curl -H 'API-KEY: any' -H 'Prefer: code=409, example=ErrorRoadmapRecord' \\",
    '  -H "Content-Type: application/json" -d \'{"mobile":"09121234567","profile":{"name":"علی رضایی","birth":"1990-04-21","is_male":true}}\' \\',
    `  ${addresses.mock}/api/v2/record/3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63/auth/`,
  ].join('\n'),
  'sh',
)}
<p><code>Prefer: code=404</code> alone answers that status's first example; <code>Prefer: example=RecordDetailFinished</code> a success
example by name; <code>Prefer: dynamic=true</code> an answer generated from the schema. A <code>Prefer</code> the operation cannot
honour is answered 400 <a href="#invalid_prefer"><code>invalid_prefer</code></a>, listing what it has.</p>`;
  return page({ title: 'Error codes', siteTitle: title, version, body, control });
}
