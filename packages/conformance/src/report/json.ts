import { toCurl } from '../http/curl.js';
import { exitCodeOf, type RunResult } from '../options.js';
import { inEffect, labelOf } from './console.js';
import { groupOf } from './group.js';

const OUTCOME: Record<string, string> = { PASS: 'pass', FAIL: 'fail', 'COULD NOT RUN': 'could not run', SKIP: 'skip' };

const BODY_LIMIT = 4000;

/**
 * The JSON report: the run result, each check's findings grouped (rule, operation, JSON path) with
 * their count and one exchange (bodies cut at 4,000 characters) and its curl line. Every finding is
 * counted; a repeated one is not written again, which keeps the file small.
 */
export function toJson(run: RunResult): string {
  const results = run.results.map((r) => ({
    ...r,
    // The console's verdicts: a check with notes only passed; one that did not reach what it checks could not run.
    outcome: OUTCOME[labelOf(r)] ?? r.outcome,
    findings: groupOf(r).map(({ exchange, before, ...g }) => ({
      ...g,
      ...(before?.length && {
        before: before.map((x) => ({
          request: { ...x.request, body: cut(x.request.body) },
          response: { status: x.response.status, body: cut(x.response.text) },
          curl: toCurl(x.request),
        })),
      }),
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
  // Counted under the console's labels (`summary` keeps the outcomes of 2.1.0 for scripts that read it).
  const verdicts = { pass: 0, fail: 0, 'could not run': 0, skip: 0 };
  for (const r of results) verdicts[r.outcome as keyof typeof verdicts]++;
  return `${JSON.stringify({ ...run, verdicts, inEffect: inEffect(run), exitCode: exitCodeOf(run), results }, null, 2)}\n`;
}

function cut(text: string | undefined): string | undefined {
  return text && text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text;
}
