import { basePath, type OpenApiDocument, type Operation, type Validator } from '@tas/openapi';
import { assumedParts, TEST_FIELDS } from './assumed-requests.js';
import {
  AssumptionRefused,
  type CallOptions,
  CannotJudge,
  type CheckContext,
  HarnessShortfall,
  Skip,
} from './check.js';
import type { OperationId } from './described.js';
import type { FixturePool } from './fixtures-file/pool.js';
import type { Http } from './http/client.js';
import type { Model } from './model/judge.js';
import type { Settled } from './options.js';
import { reshape } from './profile/template.js';
import {
  errorsOf,
  type Mode,
  type ResolvedProfile,
  successesOf,
  successOf,
  type TemplatedOperation,
} from './profile/types.js';
import type { SmsProvider } from './sms.js';
import { type AssumedPart, type Exchange, type Finding, isSuccess } from './types.js';

/** What a check's context is made of: the run's options as the CLI gave them, settled, and the run's parts. */
export interface ContextDeps {
  /** The base URL normalised. */
  options: Pick<Settled, 'baseUrl' | 'target' | 'otherApiKey' | 'mobile' | 'clock'>;
  /** The deployment profile in effect: paths, parameters, bodies and statuses where the interface shows none. */
  deployment: ResolvedProfile;
  doc: OpenApiDocument;
  validator: Validator;
  operations: Operation[];
  http: Http;
  pool: FixturePool;
  otherPool?: FixturePool;
  sms: SmsProvider;
  advance: (seconds: number) => Promise<void>;
  /** Resources the run's checks share (ctx.hold), by key. */
  held?: Map<string, unknown>;
  /**
   * Assumed parts the deployment has accepted in this run (a 2xx to a request built on them): ours
   * and its choice agree there, so a later refusal of one is judged as the interface says.
   */
  confirmed?: Set<string>;
  /** Requests the run may send in all (a live run's 400); past it a check could not run. */
  cap?: number;
  /** The organizer mode of the resource an exchange is about, when the answers read so far said it. */
  modeOf?: (exchange: Exchange) => Mode | undefined;
  /** The interface's model: what it cannot rule out behind a refusal, and fixtures taken that were used before. */
  model?: Pick<Model, 'cause' | 'unpredicted' | 'unfit'>;
}

let externalIds = Math.floor(Math.random() * 1000);

/** The context of one check; its expectations land in `findings`. */
export function createContext(deps: ContextDeps, check: { id: string; statement: string; assumed: boolean }) {
  const findings: Finding[] = [];
  const held = deps.held ?? new Map<string, unknown>();
  const { options } = deps;
  const { profile } = deps.deployment;
  const paths: Partial<Record<string, string>> = { listRecords: profile.listing.path, getResult: profile.result.path };
  /** The listing's parameters as the description names them, renamed as the profile says. */
  const listingNames: Record<string, string> = {
    status: profile.listing.filters.status,
    auth_required: profile.listing.filters.auth_required,
    page: profile.listing.paging.page,
    page_size: profile.listing.paging.size,
  };
  const prefix = options.baseUrl.replace(/\/+$/, '') + basePath(deps.doc);
  let last: Exchange | undefined;

  const operation = (operationId: OperationId) => {
    const found = deps.operations.find((o) => o.operationId === operationId);
    if (!found) throw new Error(`no operation ${operationId} in the description`);
    return found;
  };

  async function send(
    method: string,
    path: string,
    options: CallOptions<OperationId | undefined>,
    operationId?: string,
    assumed: AssumedPart[] = [],
  ) {
    const query = new URLSearchParams(options.query ?? {}).toString();
    const headers: Record<string, string> = {};
    let body: string | undefined;
    const json = options.body !== undefined ? options.body : options.unchecked;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['Content-Type'] = options.contentType ?? 'application/json';
    } else if (json !== undefined) {
      body = JSON.stringify(json);
      headers['Content-Type'] = 'application/json';
    }
    if (deps.cap !== undefined && deps.http.requests() >= deps.cap)
      throw new HarnessShortfall(
        `the run's ${deps.cap} requests are spent (a live run takes no more; --only or --skip fewer checks)`,
      );
    const url = `${prefix}${path}${query ? `?${query}` : ''}`;
    const exchange = await deps.http.send(
      { method: method.toUpperCase(), url, key: options.key ?? 'main', headers, body },
      operationId,
    );
    const confirmed = deps.confirmed ?? new Set<string>();
    // An encoding read from one test's fields is not confirmed for another's by an acceptance.
    if (isSuccess(exchange.response.status)) for (const p of assumed) if (p !== TEST_FIELDS) confirmed.add(p.part);
    deps.confirmed = confirmed;
    const open = assumed.filter((p) => !confirmed.has(p.part));
    last = open.length ? { ...exchange, assumed: open } : exchange;
    return last;
  }

  /** The answer is the error status the profile describes where the description assumed `wanted` (never a stated one). */
  const describedError = (exchange: Exchange, wanted: number) => {
    if (!exchange.operationId) return false;
    const op = deps.operations.find((o) => o.operationId === exchange.operationId);
    if (!op?.responses[String(wanted)]?.assumed) return false;
    return errorsOf(profile, op.operationId, wanted, deps.modeOf?.(exchange)).includes(exchange.response.status);
  };

  /** Fixtures this check took: one an earlier run or another client used makes its stated verdicts not the deployment's. */
  const taken: string[] = [];
  const unfit = (message: string) => {
    const why = deps.model?.unfit(taken);
    if (why) throw new HarnessShortfall(`${message}; but ${why}`);
  };
  /** A refusal the model cannot judge: a fixture used before, else what it cannot rule out (`why`). */
  const notJudged = (message: string, why: string) => {
    unfit(message);
    throw new CannotJudge(`could not judge: ${message}; ${why}`);
  };

  const expect = (ok: boolean, message: string, exchange?: Exchange, assumed?: boolean) => {
    if (ok) return ok;
    if (!(assumed ?? check.assumed)) unfit(message);
    findings.push({
      rule: check.id,
      statement: check.statement,
      message,
      assumed: assumed ?? check.assumed,
      exchange: exchange ?? last,
    });
    return ok;
  };

  const ctx: CheckContext = {
    target: options.target,
    profile,
    doc: deps.doc,
    validator: deps.validator,
    operation,
    hasOtherKey: Boolean(options.otherApiKey),
    now: () => options.clock.now(),
    // Random per authentication unless --mobile names one.
    mobile: () => options.mobile ?? `09${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    // Time-based, within 2^53, with a counter: runs repeat against one organizer account.
    externalId: () => options.clock.now() * 1000 + (externalIds++ % 1000),
    advance: deps.advance,
    call(operationId, options = {}) {
      const op = operation(operationId);
      const template = paths[operationId] ?? op.path;
      const params: Partial<Record<string, string>> = options.params ?? {};
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
      const assumed = [...assumedParts(operationId, deps.deployment), ...(options.assumed ?? [])];
      // Built in the description's shape; sent in the deployment's, where the profile says another.
      const bodyShape = deps.deployment.reshaped[operationId as TemplatedOperation];
      const shaped: CallOptions<OperationId | undefined> = { ...options };
      if (bodyShape !== undefined && options.body !== undefined)
        shaped.body = reshape(operationId as TemplatedOperation, options.body, bodyShape) as never;
      if (bodyShape !== undefined && options.unchecked !== undefined)
        shaped.unchecked = reshape(operationId as TemplatedOperation, options.unchecked, bodyShape);
      if (operationId === 'listRecords' && options.query)
        shaped.query = Object.fromEntries(Object.entries(options.query).map(([k, v]) => [listingNames[k] ?? k, v]));
      return send(op.method, path, shaped, operationId, assumed);
    },
    pathOf: (operationId) => paths[operationId] ?? operation(operationId).path,
    raw: (method, path, options = {}) => send(method, path, options),
    expect,
    found: (f) => findings.push({ rule: check.id, statement: check.statement, assumed: false, ...f }),
    expectStatus(exchange, wanted, what) {
      const got = exchange.response.status;
      if (describedError(exchange, wanted)) return true;
      // A success is the one the profile names for the operation, in the resource's mode when known (the interface states none).
      const op = exchange.operationId ?? '';
      const mode = deps.modeOf?.(exchange);
      const described = mode ? [successOf(profile, op, mode)] : successesOf(profile, op);
      if (isSuccess(wanted) && described.includes(got)) return true;
      const status = isSuccess(wanted) ? (described[0] ?? wanted) : wanted;
      if (got === status) return true;
      // Refused what the suite built on its own assumption: the deployment's choice may differ, not its fault.
      if (got >= 400 && got < 500 && exchange.assumed?.length) {
        unfit(`${what}: refused with ${got}`);
        throw new AssumptionRefused(
          `${what}: refused with ${got}; the request was built on the suite's assumption (${exchange.assumed.map((p) => p.part).join('; ')})`,
          exchange,
          exchange.assumed,
        );
      }
      // No success status is stated: another 2xx succeeded, and only the code departs from our choice.
      if (isSuccess(status) && isSuccess(got)) {
        expect(
          false,
          `${what}: answered ${got} where the ${deps.deployment.sources[`success.${exchange.operationId}`] === 'profile' ? 'profile' : 'description'} has ${status} (the interface states no success status)`,
          exchange,
          true,
        );
        return true;
      }
      // A success the model does not predict from a quote (the state it needs unread, a limit it cannot count): not judged.
      const why = isSuccess(status) && got >= 400 && got < 500 ? deps.model?.unpredicted(exchange) : undefined;
      if (why) notJudged(`${what}: refused with ${got}`, why);
      return expect(false, `${what}: want ${status}, got ${got}`, exchange);
    },
    expectRefused(exchange, status, what, codeStated = false) {
      const got = exchange.response.status;
      if (got === status || describedError(exchange, status)) return true;
      if (got < 400 || got >= 500)
        return expect(
          false,
          `${what}: the interface refuses it; it was answered ${got} (want ${status})`,
          exchange,
          // Refused only by our reading of fields whose encoding is not shown: an acceptance is a note.
          got < 500 && exchange.assumed?.includes(TEST_FIELDS) === true,
        );
      // The code is stated, but the request was built on our assumption: its shape may be what was refused.
      if (codeStated && exchange.assumed?.length)
        throw new AssumptionRefused(
          `${what}: refused with ${got}, want ${status}; the request was built on the suite's assumption (${exchange.assumed.map((p) => p.part).join('; ')}), which may be what was refused`,
          exchange,
          exchange.assumed,
        );
      // Another limit with that status may be what refused it (a mobile's earlier authentications): not judged.
      const why = codeStated ? deps.model?.cause(exchange) : undefined;
      if (why) notJudged(`${what}: refused with ${got}, want ${status}`, why);
      expect(false, `${what}: refused with ${got}, want ${status}`, exchange, !codeStated);
      return true;
    },
    take: async (kind) => {
      const token = await deps.pool.take(kind);
      taken.push(token);
      return token;
    },
    takeOther: deps.otherPool && ((kind) => (deps.otherPool as FixturePool).take(kind)),
    putBack: (kind, token) => deps.pool.putBack?.(kind, token),
    smsCode: (request) => deps.sms.code(request),
    skip(reason) {
      throw new Skip(reason);
    },
    cannotJudge(reason) {
      throw new CannotJudge(`could not judge: ${reason}`);
    },
    async hold<T>(key: string, make: () => Promise<T | undefined>) {
      if (held.has(key)) return held.get(key) as T;
      const made = await make();
      if (made !== undefined) held.set(key, made);
      return made;
    },
    spend(key) {
      deps.held?.delete(key);
    },
  };
  return { ctx, findings, taken };
}
