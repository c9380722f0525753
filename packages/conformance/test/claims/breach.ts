import { basePath, listAssumptions, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Breach, Claim } from '../../src/claims/index.js';
import { registry } from '../../src/registry.js';
import { responseRules } from '../../src/responses/index.js';
import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';

type Json = unknown;
type Keys = { main: string; other: string; sms: boolean };

/** Does a request go to this operation of the description? */
export function operationMatcher(doc: OpenApiDocument, operationId: string) {
  // `*`: any request to the API (a path it does not have among them).
  if (operationId === '*') return (req: ProxyRequest) => req.path.startsWith(`${basePath(doc)}/`);
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`a breach names an unknown operation: ${operationId}`);
  const pattern = new RegExp(`^${basePath(doc)}${op.path.replace(/\{\w+\}/g, '[^/]+')}$`);
  return (req: ProxyRequest) => req.method === op.method.toUpperCase() && pattern.test(req.path.split('?')[0] ?? '');
}

const ERROR = (status: number): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: {}, successful: false, messages: [{ code: 'refused', text: 'Refused.' }] }),
});
/**
 * A success as the operation gives one: the description's example of its success (the one of the
 * organizer's mode where it has one per mode), so that only the acceptance departs.
 */
function successOf(doc: OpenApiDocument, operationId: string, sms: boolean): ProxyResponse {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  const examples = Object.entries(op?.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, spec]) => Object.values(spec.examples ?? {})) as { data?: { tests_auth_required?: unknown } }[];
  const example = examples.find((e) => e?.data?.tests_auth_required === sms) ??
    examples[0] ?? { data: {}, successful: true, messages: [] };
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(example) };
}

function firstMessage(body: string): { code?: string; field?: string } {
  try {
    return (JSON.parse(body) as { messages?: { code?: string; field?: string }[] }).messages?.[0] ?? {};
  } catch {
    return {};
  }
}

const segmentsOf = (pointer: string) => pointer.split('/').slice(1);

/** Whether a JSON request body has the pointer's parent, an object, but not the pointer: that field left out. */
function lacks(body: string, pointer: string): boolean {
  let json: Json;
  try {
    json = JSON.parse(body);
  } catch {
    return false;
  }
  const parent = segmentsOf(pointer).slice(0, -1);
  const holder = parent.length ? valueAt(json, `/${parent.join('/')}`, []) : json;
  const isRecord = holder !== null && typeof holder === 'object' && !Array.isArray(holder);
  return isRecord && valueAt(json, pointer, []) === undefined;
}

/** Every concrete pointer the path names in `doc` (`*` for each array item), with the items it chose. */
function expand(body: Json, pointer: string): { segments: string[]; stars: string[] }[] {
  let found: { node: Json; segments: string[]; stars: string[] }[] = [{ node: body, segments: [], stars: [] }];
  const parts = segmentsOf(pointer);
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const next: typeof found = [];
    for (const f of found) {
      if (part === '*') {
        if (Array.isArray(f.node))
          for (const [n, item] of f.node.entries())
            next.push({ node: item, segments: [...f.segments, String(n)], stars: [...f.stars, String(n)] });
      } else if (f.node !== null && typeof f.node === 'object') {
        const node = (f.node as Record<string, Json>)[part];
        if (node !== undefined || last) next.push({ node, segments: [...f.segments, part], stars: f.stars });
      }
    }
    found = next;
  });
  return found;
}

/** The value at a pointer whose `*` are the given items. */
function valueAt(body: Json, pointer: string, stars: string[]): Json {
  let i = 0;
  let node = body;
  for (const part of segmentsOf(pointer)) {
    const key = part === '*' ? stars[i++] : part;
    if (node === null || typeof node !== 'object' || key === undefined) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

function parentOf(body: Json, segments: string[]): [Record<string, Json>, string] | undefined {
  let node = body;
  for (const s of segments.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, Json>)[s];
  }
  const key = segments.at(-1);
  return node !== null && typeof node === 'object' && key !== undefined
    ? [node as Record<string, Json>, key]
    : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another value of the same JSON type. */
export function otherValue(value: Json): Json {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') {
    if (UUID.test(value)) return value.slice(0, -1) + (value.endsWith('0') ? '1' : '0');
    if (/^\d{4}-\d\d-\d\d$/.test(value)) return `${Number(value.slice(0, 4)) - 1}${value.slice(4)}`;
    if (/^\d{4}-\d\d-\d\dT/.test(value)) return new Date(Date.parse(value) - 86_400_000).toISOString();
    if (/^\d+$/.test(value)) return value.slice(0, -1) + (value.endsWith('1') ? '2' : '1');
    return `${value}-x`;
  }
  if (Array.isArray(value)) return value.slice(1);
  return { ...(value as object), changed: true };
}

/** A value of another JSON type. */
export function otherType(value: Json): Json {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return /^\d+$/.test(value) ? Number(value) : 12345;
  // Neither a string nor an integer: another type for `string or null` and `integer or null` alike.
  if (value === null) return true;
  if (Array.isArray(value)) return {};
  return 'object';
}

/** Changes a JSON body as the breach says; whether it changed anything. */
function mutate(breach: Breach, body: Json, reads: number): boolean {
  const path = breach.path as string;
  const sites = expand(body, path).filter(({ segments, stars }) => {
    const here = valueAt(body, `/${segments.join('/')}`, []);
    if (breach.family !== 'add' && here === undefined) return false;
    if (breach.when && valueAt(body, breach.when[0], stars) !== breach.when[1]) return false;
    if (breach.whenNot && valueAt(body, breach.whenNot[0], stars) === breach.whenNot[1]) return false;
    return true;
  });
  if (!sites.length) return false;
  if (breach.family === 'swap') {
    const [a, b] = sites.map((s) => parentOf(body, s.segments));
    if (!a || !b) return false;
    const value = a[0][a[1]];
    a[0][a[1]] = b[0][b[1]];
    b[0][b[1]] = value;
    return a[0][a[1]] !== b[0][b[1]];
  }
  if ((breach.family === 'reread' || (breach.family === 'disagree' && breach.again)) && reads === 0) return false;
  for (const site of sites) {
    const parent = parentOf(body, site.segments);
    if (!parent) continue;
    const [node, key] = parent;
    const value = node[key];
    if (breach.family === 'drop') delete node[key];
    else if (breach.family === 'retype') node[key] = 'value' in breach ? breach.value : otherType(value);
    else if (breach.family === 'add') node[key] = breach.value;
    else node[key] = 'value' in breach ? breach.value : otherValue(value);
  }
  return true;
}

/**
 * The deployment that breaks exactly what the breach says, as a proxy layer over a correct one, and
 * whether it changed any answer: a breach that found nothing to change proves nothing.
 */
export function faultOf(doc: OpenApiDocument, breach: Breach, keys: Keys): { fault: Fault; applied(): boolean } {
  let applied = false;
  const mark = <T>(value: T): T => {
    applied = true;
    return value;
  };
  return { fault: layerOf(doc, breach, keys, mark), applied: () => applied };
}

function layerOf(doc: OpenApiDocument, breach: Breach, keys: Keys, mark: <T>(value: T) => T): Fault {
  const matches = operationMatcher(doc, breach.op);
  const applies = (req: ProxyRequest) =>
    matches(req) &&
    (!breach.bodyHas || req.body.includes(breach.bodyHas)) &&
    (!breach.lacks || lacks(req.body, breach.lacks));
  if (breach.family === 'leak' && breach.op === 'listRecords')
    return {
      // This organizer's listing with the other organizer's records of the same query in it.
      async answer(req, upstream) {
        if (!applies(req) || req.headers['api-key'] !== keys.main) return undefined;
        const read = async (key: string) => {
          const res = await fetch(`${upstream}${req.path}`, { headers: { ...req.headers, 'api-key': key } });
          return { status: res.status, text: await res.text() };
        };
        const [own, theirs] = [await read(keys.main), await read(keys.other)];
        const headers = { 'content-type': 'application/json' };
        if (own.status !== 200 || theirs.status !== 200) return { status: own.status, headers, body: own.text };
        const body = JSON.parse(own.text) as { data: { results: unknown[] } };
        const other = JSON.parse(theirs.text) as { data: { results: unknown[] } };
        const leaked = other.data.results.slice(0, 3);
        if (!leaked.length) return { status: 200, headers, body: own.text };
        body.data.results = [...leaked, ...body.data.results];
        return mark({ status: 200, headers, body: JSON.stringify(body) });
      },
    };
  if (breach.family === 'leak')
    // The other organizer's key read as this organizer's.
    return {
      request: (req) =>
        applies(req) && req.headers['api-key'] === keys.other
          ? mark({ ...req, headers: { ...req.headers, 'api-key': keys.main } })
          : req,
    };
  return {
    response(req, res, state) {
      if (!applies(req)) return res;
      if (breach.family === 'accept') {
        if (res.status < 400) return res;
        const { code, field } = firstMessage(res.body);
        if (breach.codes && !breach.codes.includes(code ?? '')) return res;
        if (breach.field && !(field ?? '').startsWith(breach.field)) return res;
        return mark(breach.op === '*' ? successOf(doc, 'listRecords', keys.sms) : successOf(doc, breach.op, keys.sms));
      }
      if (breach.family === 'recode') {
        // The refusal kept, its envelope too: only the status the interface states departs.
        if (res.status < 400 || !breach.codes?.includes(firstMessage(res.body).code ?? '')) return res;
        return mark({ ...res, status: Number(breach.value) });
      }
      if (breach.family === 'refuse')
        return res.status >= 200 && res.status < 300 ? mark(ERROR(Number(breach.value ?? 400))) : res;
      // A valid edge refused as a validation refusal would be: 400, naming the body invalid.
      if (breach.family === 'edge')
        return res.status >= 200 && res.status < 300
          ? mark({
              ...ERROR(400),
              body: JSON.stringify({
                data: {},
                successful: false,
                messages: [{ code: breach.codes?.[0] ?? 'invalid_body', text: 'Invalid.' }],
              }),
            })
          : res;
      if (breach.errors ? res.status < 400 : res.status >= 300) return res;
      let body: Json;
      try {
        body = JSON.parse(res.body);
      } catch {
        return res;
      }
      if (!state.reads) state.reads = new Map<string, number>();
      const reads = state.reads as Map<string, number>;
      const url = `${req.headers['api-key']} ${req.path}`;
      const n = reads.get(url) ?? 0;
      reads.set(url, n + 1);
      return mutate(breach, body, n) ? mark({ ...res, body: JSON.stringify(body) }) : res;
    },
  };
}

/**
 * The distinct generated breaches of the stated claims that only response rules hold: what traffic the
 * suite did not send (through the proxy) shows as a run shows it. Each with the claim it breaks.
 */
export function ruleBreaches(doc: OpenApiDocument): { breach: Breach; claim: Claim }[] {
  const ruleIds = new Set(responseRules.map((r) => r.id));
  const held = registry(doc, listAssumptions(doc)).claims.filter(
    (c) => c.basis === 'stated' && c.checks.length && c.checks.every((id) => ruleIds.has(id)),
  );
  const distinct = held.flatMap((claim) =>
    claim.breaches.filter((b) => !b.couldNotRun).map((breach) => [JSON.stringify(breach), { breach, claim }] as const),
  );
  return [...new Map(distinct).values()];
}
