import { HTTPSnippet } from '@readme/httpsnippet';
import type { Operation } from '@tas/openapi';
import { bindVariables, JSON_TEXT } from './bind.js';
import type { SampleCall } from './calls.js';
import { type FreshName, LANGUAGES } from './languages.js';

const FRESH: FreshName[] = ['EXTERNAL_ID', 'EXTERNAL_ID_2', 'MOBILE'];

/** A host no one owns, replaced by the sample's BASE_URL after the library has written the code. */
const BASE = 'http://tas-base-url.invalid';

/** The request of one operation as HAR, its variables as `__NAME__` (external_ids and the mobile fresh ones). */
export function harOf(op: Operation, call: SampleCall, path: string, body: unknown) {
  let ids = 0;
  const placed =
    body === undefined
      ? undefined
      : JSON.stringify(body, (key, value) =>
          key === 'external_id' && typeof value === 'number'
            ? `__EXTERNAL_ID${ids++ ? `_${ids}` : ''}__`
            : key === 'mobile' && typeof value === 'string'
              ? '__MOBILE__'
              : typeof value === 'string' && /^\$[A-Z][A-Z0-9_]*$/.test(value)
                ? `__${value.slice(1)}__`
                : value,
        );
  return {
    method: op.method.toUpperCase(),
    url: `${BASE}/api/v2${path.replace(/\$([A-Z][A-Z0-9_]*)/g, '__$1__')}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    queryString: Object.entries(call.query ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    headers: [
      { name: 'API-KEY', value: '__API_KEY__' },
      ...(placed ? [{ name: 'Content-Type', value: 'application/json' }] : []),
    ],
    ...(placed ? { postData: { mimeType: 'application/json', text: placed } } : {}),
  };
}

/**
 * The operation's sample in each partner language, written by httpsnippet (@readme/httpsnippet) from
 * its HAR request, reading BASE_URL, API_KEY and the variables from the environment as curl does.
 */
export async function languageSamples(
  op: Operation,
  call: SampleCall,
  parts: { path: string; body: unknown; header: string[]; variables: string[] },
): Promise<{ label: string; source: string }[]> {
  const har = harOf(op, call, parts.path, parts.body);
  // The new values the body takes, only those: a variable left unused fails to compile in Go.
  const fresh = FRESH.filter((n) => har.postData?.text.includes(`__${n}__`));
  const snippet = new HTTPSnippet(har as ConstructorParameters<typeof HTTPSnippet>[0]);
  return Promise.all(
    LANGUAGES.map(async (lang) => {
      const [written] = (await snippet.convert(lang.target, lang.client)) as string[];
      if (!written) throw new Error(`httpsnippet wrote no ${lang.label} for ${op.operationId}`);
      const code = bindVariables(written.split(BASE).join('__BASE_URL__'), lang);
      const lines: string[] = [
        ...['BASE_URL', 'API_KEY', ...parts.variables].map((v) =>
          JSON_TEXT.has(v) && lang.readJson ? lang.readJson(v) : lang.read(v),
        ),
        ...fresh.map((n) => lang.fresh[n]),
      ];
      if (fresh.includes('MOBILE')) lines.push(lang.say('MOBILE'));
      const header = parts.header.map((l) => `${lang.comment} ${l}`);
      const name = op.operationId.replace(/^./, (c) => c.toUpperCase());
      return { label: lang.label, source: `${lang.place(code.trimEnd(), { header, lines, fresh, name })}\n` };
    }),
  );
}
