import type { OperationPrefill } from './config.js';
import { pointerSegments } from './openapi-browser.js';

/** What the panel sends: everything but the key, which never leaves the key field and sessionStorage. */
export interface Outgoing {
  /** The chosen target (scheme, host and any prefix), as the client's baseUrl. */
  target: string;
  method: string;
  /** The full URL: the target, the API's prefix, the path with its parameters, the query. */
  url: string;
  /** The JSON body as sent, when there is one. */
  body?: string;
}

export interface Parts {
  path_params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** The request for an operation at a target, from the edited parts. Throws on a path parameter left empty. */
export function outgoing(
  target: string,
  basePath: string,
  op: Pick<OperationPrefill, 'method' | 'path'>,
  parts: Parts,
): Outgoing {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = parts.path_params[name];
    if (value === undefined || value === null || value === '') throw new Error(`the path parameter "${name}" is empty`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(parts.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const base = target.replace(/\/+$/, '');
  return {
    target: base,
    method: op.method.toUpperCase(),
    url: `${base}${basePath}${path}${query ? `?${query}` : ''}`,
    ...(parts.body !== undefined ? { body: JSON.stringify(parts.body) } : {}),
  };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** curl for exactly what was sent; the key is read from $API_KEY so that the copied text never holds it. */
export function asCurl(sent: Outgoing): string {
  const lines = [`curl -sS -X ${sent.method} ${shellQuote(sent.url)}`, `-H "API-KEY: $API_KEY"`];
  if (sent.body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `--data ${shellQuote(sent.body)}`);
  return `# API_KEY: the key you chose (kept out of this text)\n${lines.join(' \\\n  ')}`;
}

/** The typed client's call for the same request (@tas/client, from the Downloads page). */
export function asClient(sent: Outgoing, operationId: string, parts: Parts): string {
  const base = sent.target;
  const js = (value: unknown) => JSON.stringify(value, null, 2).replace(/"([a-z_][a-z0-9_]*)":/g, '$1:');
  const init: string[] = [];
  if (Object.keys(parts.path_params).length) init.push(`path: ${js(parts.path_params).replace(/\n\s*/g, ' ')}`);
  const query = Object.fromEntries(
    Object.entries(parts.query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  if (Object.keys(query).length) init.push(`query: ${js(query).replace(/\n\s*/g, ' ')}`);
  if (parts.body !== undefined) init.push(`body: ${js(parts.body).replace(/\n/g, '\n  ')}`);
  const args = init.length ? `, {\n  ${init.join(',\n  ')},\n}` : '';
  return `import { createClient } from '@tas/client';

// API_KEY: the key you chose (kept out of this text).
const tas = createClient({ baseUrl: '${base}', apiKey: process.env.API_KEY ?? '' });
const data = await tas.call('${operationId}'${args});
console.log(JSON.stringify(data, null, 2));
`;
}

/** A JSON pointer as the JSON path a reader knows: `/data/results/0/status` → `$.data.results[0].status`. */
export function jsonPath(pointer: string | undefined): string {
  if (!pointer) return '$';
  return `$${pointerSegments(pointer)
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_][\w]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join('')}`;
}
