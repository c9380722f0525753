import type { IncomingHttpHeaders } from 'node:http';
import {
  basePath,
  listAssumptions,
  listOperations,
  matchOperation,
  type OpenApiDocument,
  type Operation,
  type Validator,
} from '@tas/openapi';
import { createModel, findingOf } from '../model/judge.js';
import { describedStatuses, type ResolvedProfile } from '../profile/types.js';
import { registry } from '../registry.js';
import { findingKey } from '../report/group.js';
import { responseRules } from '../responses/index.js';
import type { Exchange, Finding, KeyRef } from '../types.js';
import type { Passed } from './forward.js';

/** Distinct findings kept per operation (each with its count and first exchange); the rest only counted. */
const KINDS_PER_OPERATION = 200;
/** API keys remembered for redacting the reports: the first is $TAS_API_KEY in curl lines, the rest $TAS_OTHER_API_KEY. */
const KEYS = 100;

/** What passed one operation: how often, with which statuses, and its findings (one entry per kind, counted). */
export interface Seen {
  operation: Operation;
  exchanges: number;
  statuses: Record<string, number>;
  kinds: Map<string, { finding: Finding; count: number }>;
  /** Findings past KINDS_PER_OPERATION kinds: counted, not kept. */
  dropped: number;
}

/** A template path (`/record/{token}/result/`) as a matcher of the paths it names. */
const matcherOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/**
 * The run's judges for traffic the suite did not make: each passed exchange is read as the
 * description's operation it is (the profile's listing and result paths in effect), held to every
 * response rule and fed to the interface's model, which remembers at most `remember` records and
 * as many roadmaps. Returns the findings each exchange made, as a run's check would hold them.
 */
export function createProxyJudge(o: {
  doc: OpenApiDocument;
  validator: Validator;
  deployment: ResolvedProfile;
  upstream: string;
  remember: number;
}) {
  const { doc, validator, deployment } = o;
  const assumptions = listAssumptions(doc);
  const base = basePath(doc);
  const moved = { listRecords: deployment.profile.listing.path, getResult: deployment.profile.result.path };
  const operations = listOperations(doc).map((op) => {
    const path = moved[op.operationId as keyof typeof moved];
    return path && path !== op.path ? { ...op, path, matcher: matcherOf(path) } : op;
  });
  const claims = registry(doc, assumptions).claims;
  const quotesOf = (rule: string) => [
    ...new Set(claims.filter((c) => c.basis === 'stated' && c.checks.includes(rule)).map((c) => c.quote)),
  ];
  const model = createModel({ remember: o.remember });
  const seen = new Map<string, Seen>(operations.map((op) => [op.operationId, newSeen(op)]));
  const keys = new Map<string, KeyRef>();
  const origin = o.upstream.replace(/\/$/, '');
  const counts = { exchanges: 0, judged: 0, oversize: 0, notAnOperation: 0 };

  /** The key a request carried, as curl lines read it: the first one seen is $TAS_API_KEY. */
  function keyOf(headers: IncomingHttpHeaders): KeyRef {
    const key = headers['api-key'];
    if (typeof key !== 'string') return 'none';
    const known = keys.get(key);
    if (known) return known;
    const ref: KeyRef = keys.size === 0 ? 'main' : 'other';
    if (keys.size < KEYS) keys.set(key, ref);
    return ref;
  }

  function exchangeOf(p: Passed, operationId: string): Exchange {
    const type = p.requestHeaders['content-type'];
    const text = p.responseBody ?? '';
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(p.responseHeaders))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    return {
      request: {
        method: p.method,
        url: `${origin}${p.path}`,
        key: keyOf(p.requestHeaders),
        headers: typeof type === 'string' ? { 'content-type': type } : {},
        ...(p.requestBody ? { body: p.requestBody } : {}),
      },
      response: { status: p.status, headers, text, json },
      operationId,
    };
  }

  /** Judges one passed exchange: the findings it made, each with how often its kind was seen (1: new). */
  function observe(p: Passed): { finding: Finding; count: number }[] {
    counts.exchanges++;
    const pathname = p.path.split('?')[0] ?? '';
    const match = pathname.startsWith(`${base}/`)
      ? matchOperation(operations, p.method, pathname.slice(base.length))
      : undefined;
    if (!match) {
      counts.notAnOperation++;
      return [];
    }
    // Too long to capture: forwarded whole, counted, never judged on a part.
    if (p.oversize) {
      counts.oversize++;
      return [];
    }
    counts.judged++;
    const op = match.operation;
    const exchange = exchangeOf(p, op.operationId);
    const findings: Finding[] = [];
    const env = {
      doc,
      validator,
      assumptions,
      operation: op,
      described: (id: string) => describedStatuses(deployment.profile, id),
      ownErrorBodies: deployment.profile.error_bodies === 'own',
    };
    for (const rule of responseRules)
      for (const f of rule.verify(exchange, env))
        findings.push({
          rule: rule.id,
          statement: rule.statement,
          ...f,
          exchange,
          ...(f.assumed ? {} : { quotes: quotesOf(rule.id) }),
        });
    for (const v of model.observe(exchange)) findings.push(findingOf(v, `model.${v.id}`, exchange));
    const s = seen.get(op.operationId) ?? newSeen(op);
    s.exchanges++;
    s.statuses[p.status] = (s.statuses[p.status] ?? 0) + 1;
    return findings.map((finding) => {
      const key = findingKey(finding);
      const kind = s.kinds.get(key);
      if (kind) kind.count++;
      else if (s.kinds.size < KINDS_PER_OPERATION) s.kinds.set(key, { finding, count: 1 });
      else s.dropped++;
      return { finding, count: kind?.count ?? 1 };
    });
  }

  return {
    observe,
    seen: () => [...seen.values()],
    counts: () => ({ ...counts }),
    /** Every key seen, for redacting the reports (curl lines never hold them; bodies might). */
    secrets: () => [...keys.keys()],
    remembered: () => model.size(),
  };
}

function newSeen(operation: Operation): Seen {
  return { operation, exchanges: 0, statuses: {}, kinds: new Map(), dropped: 0 };
}
