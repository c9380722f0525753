import { basePath, type OpenApiDocument } from '@tas/openapi';
import type { RunResult } from '../options.js';
import type { ResolvedProfile } from '../profile/types.js';
import { describe, labelOf } from '../report/console.js';
import { failing, groupFindings, groupRun } from '../report/group.js';
import { profileOf } from '../run.js';
import { DEFAULT_SEED } from '../selection.js';
import type { CheckResult, Finding } from '../types.js';
import type { Passed, UpstreamFailure } from './forward.js';
import type { createProxyJudge } from './judge.js';

type Judge = ReturnType<typeof createProxyJudge>;

/** What the proxy adds to a run's result: what passed, what was not judged and why, its bounds. */
export interface ProxyCounts {
  upstream: string;
  exchanges: number;
  judged: number;
  /** Passed through unjudged: a body longer than `maxBody`. */
  oversize: number;
  /** Passed through unjudged: no operation of the interface (another path, a method it does not have). */
  notAnOperation: number;
  /** Requests the upstream did not answer (the client got a 502): not the deployment's verdict. */
  upstreamFailures: number;
  firstFailures: UpstreamFailure[];
  maxBody: number;
  remember: number;
  remembered: { records: number; roadmaps: number };
}

export type ProxyResult = RunResult & { proxy: ProxyCounts };

/** The lines a judged exchange prints at once: a new stated failure in full, a repeat in one line. */
export function liveLines(made: { finding: Finding; count: number }[], p: Passed, strict: boolean): string[] {
  const lines: string[] = [];
  for (const { finding, count } of made) {
    const op = finding.exchange?.operationId ?? '';
    if (!failing(finding, strict)) continue;
    if (count > 1) {
      lines.push(`FAIL  ${op}  again [${finding.rule}] (${count} times): ${p.method} ${p.path} answered ${p.status}`);
      continue;
    }
    const [group] = groupFindings([{ finding, check: op }]);
    if (group) lines.push(`FAIL  ${op}  ${p.method} ${p.path} answered ${p.status}`, ...describe(group, '      '));
  }
  return lines;
}

/** The upstream failure line: printed for the first ten, then every hundredth, so an outage does not flood. */
export const failureLine = (f: UpstreamFailure, count: number) =>
  count <= 10 || count % 100 === 0
    ? `UPSTREAM  ${f.method} ${f.path}: ${f.error} (answered 502; the upstream's failure, not a verdict; ${count} so far)`
    : undefined;

const statusesOf = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** The session as a run's result: a "check" per operation of the description, what passed it and what it showed. */
export function proxyResult(o: {
  doc: OpenApiDocument;
  judge: Judge;
  deployment: ResolvedProfile;
  strict: boolean;
  startedAt: number;
  failures: { count: number; first: UpstreamFailure[] };
  upstream: string;
  maxBody: number;
  remember: number;
}): ProxyResult {
  const base = basePath(o.doc);
  const results: CheckResult[] = o.judge.seen().map((s) => {
    const { operationId, method, path } = s.operation;
    const findings = [...s.kinds.values()].flatMap(({ finding, count }) => Array<Finding>(count).fill(finding));
    const head = { id: operationId, kind: 'contract' as const, requests: s.exchanges, durationMs: 0, waitMs: 0 };
    const where = `${method.toUpperCase()} ${base}${path}`;
    if (!s.exchanges)
      return {
        ...head,
        title: `${where}: never exercised`,
        statement: 'no request to this operation passed the proxy',
        outcome: 'skip',
        reason: 'never exercised: no request to this operation passed the proxy',
        findings: [],
      };
    const stated = findings.some((f) => !f.assumed);
    const notes = findings.filter((f) => f.assumed).length;
    const fail = stated || (o.strict && notes > 0);
    return {
      ...head,
      title: `${where}: ${s.exchanges} exchange${s.exchanges === 1 ? '' : 's'} (${statusesOf(s.statuses)})`,
      statement: `every answer of ${operationId} that passed, held to the response rules and the interface's model`,
      outcome: fail ? 'fail' : notes ? 'warn' : 'pass',
      findings,
      verdict: { stated: fail ? 'fail' : 'pass', reached: true, notes },
      ...(s.dropped ? { reason: `${s.dropped} findings past the ${s.kinds.size} kinds kept: counted only` } : {}),
    };
  });
  const counts = o.judge.counts();
  const answered = counts.exchanges;
  const aborted = counts.judged
    ? undefined
    : !answered && o.failures.count
      ? `the upstream never answered: ${o.failures.count} requests failed (${o.failures.first[0]?.error})`
      : `nothing could be judged: ${answered} exchanges passed, ${counts.oversize} past the body limit, ${counts.notAnOperation} not an operation of the interface`;
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const r of results) summary[r.outcome]++;
  const all = results.flatMap((r) => r.findings);
  return {
    baseUrl: o.upstream,
    target: 'live',
    strict: o.strict,
    startedAt: new Date(o.startedAt).toISOString(),
    durationMs: Date.now() - o.startedAt,
    requests: answered + o.failures.count,
    waitMs: 0,
    results,
    summary,
    findings: { stated: all.filter((f) => !f.assumed).length, assumed: all.filter((f) => f.assumed).length },
    created: [],
    seed: DEFAULT_SEED,
    profile: profileOf(o.deployment),
    negative: { budget: 0, constraints: 0 },
    aborted,
    conforms: summary.fail === 0 && !aborted,
    couldNotRun: [],
    proxy: {
      upstream: o.upstream,
      ...counts,
      upstreamFailures: o.failures.count,
      firstFailures: o.failures.first,
      maxBody: o.maxBody,
      remember: o.remember,
      remembered: o.judge.remembered(),
    },
  };
}

/** The summary printed on stop: stated failures in full, then each operation's traffic and label, then the counts. */
export function formatProxySummary(r: ProxyResult): string {
  const failures = groupRun(r.results).filter((g) => failing(g, r.strict));
  const lines: string[] = [];
  if (failures.length) {
    lines.push(`Failures: ${failures.reduce((n, g) => n + g.count, 0)} findings of ${failures.length} kinds`);
    for (const g of failures) lines.push(...describe(g, '  '));
    lines.push('');
  }
  for (const c of r.results) {
    const notes = c.verdict?.notes ? `, ${c.verdict.notes} notes` : '';
    lines.push(`${labelOf(c).padEnd(5)} ${c.id.padEnd(22)} ${c.title}${notes}`);
  }
  const p = r.proxy;
  const verdict = r.aborted
    ? `could not judge: ${r.aborted}`
    : r.conforms
      ? 'no stated failure in what passed'
      : 'the deployment departs from the contract';
  lines.push(
    '',
    `${p.exchanges} exchanges passed to ${p.upstream} in ${(r.durationMs / 1000).toFixed(1)} s: ${p.judged} judged, ${p.oversize} past the ${p.maxBody}-byte body limit and ${p.notAnOperation} not an operation of the interface (passed through unjudged), ${p.upstreamFailures} upstream failures (answered 502; not the deployment's verdict)`,
    `findings: ${r.findings.stated} stated, ${r.findings.assumed} assumed notes; never exercised: ${r.results.filter((c) => !c.requests).length} of ${r.results.length} operations`,
    `the model remembers ${p.remembered.records} records and ${p.remembered.roadmaps} roadmaps (at most ${p.remember} of each): ${verdict}`,
  );
  return lines.join('\n');
}
