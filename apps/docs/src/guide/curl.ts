import type { Operation } from '@tas/openapi';

export interface CurlCall {
  operation: Operation;
  /** Path parameters, e.g. `{ token: '...' }`. */
  params: Record<string, string>;
  query?: string;
  body?: unknown;
}

/** A curl command for a call, against `$BASE_URL` with the key in `$API_KEY`. */
export function curl({ operation, params, query, body }: CurlCall): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
  const lines = [
    `curl -X ${operation.method.toUpperCase()} "$BASE_URL/api/v2${path}${query ? `?${query}` : ''}"`,
    `  -H "API-KEY: $API_KEY"`,
  ];
  if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}
