/**
 * Builders of the walkthrough's shell commands, so that every step writes curl the same way:
 * `$BASE_URL` and `$API_KEY` from the setup step, `-s`, the body in single quotes (or double
 * quotes when it carries shell variables).
 */
export interface CurlOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Path after `$BASE_URL`, e.g. `/api/v2/record/$RECORD/`. */
  path: string;
  /** A JSON body; shown on its own line. */
  body?: string;
}

export function curl({ method = 'GET', path, body }: CurlOptions): string {
  const head = `curl -s${method === 'GET' ? '' : ` -X ${method}`} "$BASE_URL${path}" -H "API-KEY: $API_KEY"`;
  if (body === undefined) return head;
  const quoted = body.includes('$') ? `"${body.replace(/"/g, '\\"')}"` : `'${body}'`;
  return `${head} \\\n  -H "Content-Type: application/json" \\\n  -d ${quoted}`;
}

/** The setup line of a journey: the sandbox and one of its organizer keys. */
export const setup = (key: 'sandbox-key-sms' | 'sandbox-key-instant', url: string) =>
  `export BASE_URL=${url} API_KEY=${key}`;
