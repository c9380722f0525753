import { basePath, createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { normalizeBaseUrl } from './base-url.js';
import { basisIsAssumed } from './basis.js';
import { AssumptionRefused, CannotJudge, type Check, HarnessShortfall, Skip } from './check.js';
import { type ContextDeps, createContext } from './context.js';
import type { FixturePool } from './fixtures-file/pool.js';
import {
  createHttp,
  DEFAULT_TIMEOUT_SECONDS,
  TimeoutError,
  TooManyTimeoutsError,
  UnreachableError,
} from './http/client.js';
import { toCurl } from './http/curl.js';
import { createPacer } from './http/pacer.js';
import { checkKeys } from './key-check.js';
import { createModel, findingOf, operationOf } from './model/judge.js';
import type { RunOptions, RunResult } from './options.js';
import { preflight, skipReason } from './preflight.js';
import { resolveProfile, settingsOf } from './profile/resolve.js';
import { describedStatuses, type ResolvedProfile } from './profile/types.js';
import { registry } from './registry.js';
import { withPaths } from './report/title.js';
import { RunError } from './select.js';
import { beyondDefault, LIVE_CAP, selectRun, settle } from './selection.js';
import { setupTarget } from './target.js';
import type { CheckResult, Exchange, Finding, Needs, Verdict } from './types.js';

export type { Created, RunOptions, RunResult } from './options.js';

/** A well-formed token no deployment holds: the probe of a base URL whose first answer was not the API's. */
const UNKNOWN_TOKEN = '00000000-0000-4000-8000-000000000000';

/** Runs the selected checks against a deployment. Throws RunError when the run cannot be made. */
export async function run(given: RunOptions): Promise<RunResult> {
  const doc = given.doc ?? loadDescription();
  const assumptions = listAssumptions(doc);
  const operations = listOperations(doc);
  const validator = (given.doc && given.validator) || createValidator(doc);
  const options = { ...settle(given), baseUrl: normalizeBaseUrl(given.baseUrl, basePath(doc)) };
  const { baseUrl, clock, target, strict, seed } = options;
  const selection = await selectRun(options, doc, assumptions, validator);
  const { checks, rules, runnable, negative } = selection;
  const { needs } = selection.plan;
  options.onPlan?.(selection);
  preflight(runnable, options, needs);
  /** After a fixtures shortfall: what plan asks for, so the next run has enough. */
  const shortOf = (error: Error) =>
    /fixtures file has no more/.test(error.message)
      ? `; plan asks for ${needs.ready} ready records, ${needs.vipWait} in VIP wait and ${needs.roadmaps} roadmaps${needs.html ? ` and ${needs.html} HTML-test records` : ''} for this selection`
      : '';

  let sink: ((exchange: Exchange) => void) | undefined;
  const http = createHttp({
    fetch: options.fetch ?? fetch,
    pacer: createPacer(options.rate, clock, options.onWait),
    onWait: options.onWait,
    clock,
    timeoutMs: (options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    keys: { main: options.apiKey, other: options.otherApiKey },
    onExchange: (exchange) => sink?.(exchange),
  });
  const { pool, otherPool, sms, created, advance } = setupTarget(options, http);
  const model = createModel({ stateless: target === 'mock' });
  // What the run takes is its own: no one else moves it, so the model holds every change of it to account.
  const owning = <P extends FixturePool | undefined>(p: P): P =>
    p && {
      ...p,
      async take(kind: keyof Needs) {
        const token = await p.take(kind);
        // A fixture from a file has a history the run did not see; one provisioned for it, none.
        model.own(token, options.provision === 'sandbox' ? undefined : kind);
        return token;
      },
    };
  const deployment = resolveProfile(doc, options.profile, options.paths, options.profileFile);
  const { listing, result: resultPath } = deployment.profile;
  const deps: ContextDeps = {
    options,
    deployment,
    held: new Map<string, unknown>(),
    confirmed: new Set<string>(),
    doc,
    validator,
    operations,
    http,
    pool: owning(pool),
    otherPool: owning(otherPool),
    sms,
    advance,
    cap: target === 'live' ? LIVE_CAP + beyondDefault(options.explore) : undefined,
  };

  deps.model = model;
  if (options.mobile) model.foreign(options.mobile);
  deps.modeOf = (exchange) => {
    const at = operationOf(exchange);
    return at && model.modeOf(at.token);
  };
  const started = clock.now();
  const api = `${baseUrl}${basePath(doc)}`;
  if (!options.noKeyCheck)
    await checkKeys(
      http,
      `${api}${listing.path}?${encodeURIComponent(listing.paging.size)}=1`,
      Boolean(options.otherApiKey),
      `${api}/record/${UNKNOWN_TOKEN}/`,
      api,
    );
  /** A check's title with the paths in effect (the profile's, `--listing-path`, `--result-path`) for the description's. */
  const titleOf = (title: string) =>
    withPaths(
      title,
      Object.entries({ listRecords: listing.path, getResult: resultPath.path }).flatMap(([id, path]) => {
        const op = operations.find((o) => o.operationId === id);
        return op ? [[op.path, path] as [string, string]] : [];
      }),
    );
  /** The interface's words behind each rule's stated findings: the stated claims it holds or judges. */
  let claims: ReturnType<typeof registry>['claims'] | undefined;
  const quotesOf = (rule: string) => {
    claims ??= registry(doc, assumptions).claims;
    return [...new Set(claims.filter((c) => c.basis === 'stated' && c.checks.includes(rule)).map((c) => c.quote))];
  };

  const results: CheckResult[] = [];
  let aborted: string | undefined;
  for (const check of checks) {
    const reason = aborted ? `not run: ${aborted}` : skipReason(check, target, options);
    const result = reason ? skipped(check, reason) : await runCheck(check);
    result.title = titleOf(result.title);
    for (const f of result.findings) if (!f.assumed) f.quotes ??= quotesOf(f.rule);
    results.push(result);
    options.onResult?.(result);
  }

  async function runCheck(check: Check): Promise<CheckResult> {
    const begin = clock.now();
    const waitedBefore = http.waitedMs();
    const before = http.requests();
    const assumed = basisIsAssumed(check.basis, operations, assumptions);
    const { ctx, findings, taken } = createContext(deps, { id: check.id, statement: check.statement, assumed });
    sink = (exchange) => {
      if (exchange.operationId?.startsWith('__')) return;
      const operation = operations.find((o) => o.operationId === exchange.operationId);
      for (const rule of rules)
        for (const f of rule.verify(exchange, {
          doc,
          validator,
          assumptions,
          operation,
          described: (id) => describedStatuses(deployment.profile, id),
          ownErrorBodies: deployment.profile.error_bodies === 'own',
        }))
          findings.push({ rule: rule.id, statement: rule.statement, ...f, exchange });
      // The interface's model: a contradiction of what a quote predicts, in the check whose request showed
      // it; a check that shrinks its failures reports them itself, once.
      const verdicts = model.observe(exchange);
      if (!check.shrinks) for (const v of verdicts) findings.push(findingOf(v, check.id, exchange));
    };
    let skip: string | undefined;
    let shortfall: string | undefined;
    let refused: AssumptionRefused | undefined;
    try {
      await check.run(ctx);
    } catch (error) {
      if (error instanceof UnreachableError || error instanceof RunError) throw new RunError(error.message);
      // What could not be judged: the findings made before it stand; the check did not reach the rest.
      if (error instanceof CannotJudge) shortfall = error.message;
      else if (error instanceof Skip) skip = error.message;
      else if (error instanceof AssumptionRefused) {
        refused = error;
        shortfall = `could not run: ${error.message}`;
      } else if (error instanceof HarnessShortfall) shortfall = `could not run: ${error.message}${shortOf(error)}`;
      else if (error instanceof TimeoutError || error instanceof TooManyTimeoutsError) {
        if (error instanceof TooManyTimeoutsError) aborted = error.message;
        findings.push({
          rule: check.id,
          statement: check.statement,
          message: `no answer in time: ${error.message}`,
          assumed: false,
          exchange: error instanceof TimeoutError ? timedOut(error) : undefined,
        });
      } else
        findings.push({
          rule: check.id,
          statement: check.statement,
          message: `the check could not complete: ${(error as Error).message}`,
          assumed: false,
        });
    }
    // A fixture an earlier run or another client used: what the check saw of it is no verdict.
    const unfit = model.unfit(taken);
    if (unfit && !shortfall && !skip) shortfall = `could not run: ${unfit}`;
    const waitMs = http.waitedMs() - waitedBefore;
    const base = {
      ...skipped(check, ''),
      requests: http.requests() - before,
      durationMs: clock.now() - begin - waitMs,
      waitMs,
    };
    if (skip) return { ...base, reason: skip };
    const verdict = verdictOf(findings, strict, shortfall, refused);
    // What the suite lacked is never the target's fault: findings before it still count, none is added.
    if (shortfall && !findings.length) return { ...base, reason: shortfall, couldNotRun: true, verdict };
    return { ...base, outcome: outcomeOf(findings, strict), findings, reason: shortfall, verdict };
  }

  // Nothing could be judged because the suite lacked what it needed: the run could not be made (exit 2).
  const couldNot = results.filter((r) => r.couldNotRun);
  const notReached = results.flatMap((r) =>
    r.verdict && !r.verdict.reached ? [{ id: r.id, why: r.verdict.why ?? '', needs: r.verdict.needs ?? [] }] : [],
  );
  if (!aborted && couldNot.length && results.every((r) => r.outcome === 'skip'))
    aborted = `nothing could be judged: ${couldNot.length} checks could not run (${couldNot[0]?.reason})`;

  const summary = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const r of results) summary[r.outcome]++;
  const all = results.flatMap((r) => r.findings);
  return {
    baseUrl,
    target,
    strict,
    startedAt: new Date(started).toISOString(),
    durationMs: clock.now() - started,
    requests: http.requests(),
    waitMs: http.waitedMs(),
    results,
    summary,
    findings: { stated: all.filter((f) => !f.assumed).length, assumed: all.filter((f) => f.assumed).length },
    created,
    seed,
    profile: profileOf(deployment),
    negative,
    aborted,
    conforms: summary.fail === 0 && !aborted,
    couldNotRun: notReached,
  };
}

/** The three parts: the stated verdict, whether the check reached what it checks (else why), the assumed notes. */
function verdictOf(
  findings: Finding[],
  strict: boolean,
  shortfall: string | undefined,
  refused: AssumptionRefused | undefined,
): Verdict {
  const notes = findings.filter((f) => f.assumed).length;
  const failed = findings.some((f) => !f.assumed) || (strict && notes > 0);
  const verdict: Verdict = { stated: failed ? 'fail' : 'pass', reached: shortfall === undefined, notes };
  if (shortfall !== undefined) verdict.why = shortfall;
  if (refused) {
    const { request, response } = refused.exchange;
    verdict.refused = {
      sent: toCurl(request),
      got: `${response.status} ${response.text.slice(0, 300)}`,
      parts: refused.parts,
    };
    verdict.needs = [...new Set(refused.parts.map((p) => p.setting))];
  }
  return verdict;
}

/** The exchange of a request that got no answer: status 0, so reports show the request and its curl line. */
function timedOut(error: TimeoutError): Exchange {
  const text = `(no answer within ${error.seconds} s)`;
  return { request: error.request, response: { status: 0, headers: {}, text, json: undefined } };
}

function outcomeOf(findings: Finding[], strict: boolean): CheckResult['outcome'] {
  if (!findings.length) return 'pass';
  return strict || findings.some((f) => !f.assumed) ? 'fail' : 'warn';
}

function skipped(check: Check, reason: string): CheckResult {
  const { id, title, statement, kind } = check;
  return { id, title, statement, kind, outcome: 'skip', reason, findings: [], requests: 0, durationMs: 0, waitMs: 0 };
}

/** The profile in effect for the reports: its file, and each setting that differs from the description's choice. */
export function profileOf(deployment: ResolvedProfile): NonNullable<RunResult['profile']> {
  const changed = settingsOf(deployment).filter((s) => !s.isDefault);
  return {
    ...(deployment.file ? { file: deployment.file } : {}),
    settings: Object.fromEntries(changed.map((s) => [s.key, `${s.value} (${s.source})`])),
  };
}
