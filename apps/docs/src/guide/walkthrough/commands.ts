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

/** A new mobile, 09 then 9 random digits, in bash, zsh and plain sh alike (POSIX od and awk). */
export const FRESH_MOBILE = 'MOBILE=09$(od -An -N4 -tu4 /dev/urandom | awk \'{ printf "%09d", $1 % 1000000000 }\')';

/** The setup lines of a journey: the sandbox, one of its organizer keys, and a new mobile. */
export const setup = (key: string, url: string) =>
  `export BASE_URL=${url} API_KEY=${key}\n# a new mobile each run: the sandbox allows 5 authentications per mobile\n${FRESH_MOBILE}`;

/** The answers to a questionnaire (`$QUESTIONS`, its answer): each option question's first option, a text for the others. */
export const ANSWERS_JQ = `jq -c '[.data.questions[] | if .answer.text then "معماری" else .answer.options[0].id end]'`;
