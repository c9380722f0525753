import { toCurl } from '../http/curl.js';
import { exitCodeOf, type RunResult } from '../options.js';
import { groupOf } from './group.js';

const BODY_LIMIT = 4000;

/**
 * The JSON report: the run result, each check's findings grouped (rule, operation, JSON path) with
 * their count and one exchange (bodies cut at 4,000 characters) and its curl line. Every finding is
 * counted; a repeated one is not written again, which keeps the file small.
 */
export function toJson(run: RunResult): string {
  const results = run.results.map((r) => ({
    ...r,
    findings: groupOf(r).map(({ exchange, ...g }) => ({
      ...g,
      breaks: g.assumed ? 'assumed' : 'stated',
      ...(exchange && {
        request: { ...exchange.request, body: cut(exchange.request.body) },
        response: {
          status: exchange.response.status,
          headers: exchange.response.headers,
          body: cut(exchange.response.text),
        },
        curl: toCurl(exchange.request),
      }),
    })),
  }));
  return `${JSON.stringify({ ...run, exitCode: exitCodeOf(run), results }, null, 2)}\n`;
}

function cut(text: string | undefined): string | undefined {
  return text && text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text;
}
