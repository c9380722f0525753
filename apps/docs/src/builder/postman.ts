import { createHash } from 'node:crypto';
import { type Journey, loadJourneys, type OpenApiDocument } from '@tas/openapi';
import { type CollectionResult, convert } from 'openapi-to-postmanv2';
import { contractEvents } from './postman-tests.js';

type Json = Record<string, unknown>;
interface Item {
  name: string;
  item?: Item[];
  request?: { url?: { variable?: { key: string; value: string }[] }; body?: { raw?: string } };
  event?: unknown[];
  id?: string;
}

/**
 * The order a partner walks them in: the listing (find a record), then the API's operations the
 * Arazzo workflows expect to succeed, each where it first comes (right after the one before it in
 * its workflow, else last): authenticate, answer, read the result; then the roadmap's.
 */
export const POSTMAN_ORDER = ['listRecords', ...firstCalls(loadJourneys())];

function firstCalls(journeys: Journey[]): string[] {
  const order: string[] = [];
  for (const journey of journeys) {
    let after: number | undefined;
    for (const { source, status, operationId } of journey.steps) {
      if (source !== 'tas' || status >= 300) continue;
      const at = order.indexOf(operationId);
      if (at >= 0) {
        after = Math.max(after ?? at, at);
        continue;
      }
      after = after === undefined ? order.length : after + 1;
      order.splice(after, 0, operationId);
    }
  }
  return order;
}

/** Where Postman sends the calls: `base_url` (scheme and host, as the description's server variable) and the key. */
export const POSTMAN_ENVIRONMENTS = {
  // `sandbox`: whether the server has the sandbox's control API (/__sandbox/): the mock has none.
  mock: { base_url: 'http://localhost:4010', apiKey: 'any-key', sandbox: 'no' },
  sandbox: { base_url: 'http://localhost:4020', apiKey: 'sandbox-key-instant', sandbox: 'yes' },
  'sandbox-sms': { base_url: 'http://localhost:4020', apiKey: 'sandbox-key-sms', sandbox: 'yes' },
} as const;

/**
 * A Postman collection (v2.1) from the description, by openapi-to-postmanv2 (fed the 3.0 conversion,
 * whose schema `example`s it turns into request values), then: the requests in one list in journey
 * order, path tokens as the variables `{{record_token}}` and `{{roadmap_token}}`, and ids that do not
 * change from one build to the next.
 */
export async function postmanCollection(doc30: Json, doc: Json): Promise<Json> {
  const result = await new Promise<CollectionResult>((resolve, reject) =>
    convert(
      { type: 'json', data: doc30 },
      {
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        folderStrategy: 'Paths',
        alwaysInheritAuthentication: true,
      },
      (error, r) => (error || !r ? reject(new Error(error?.message ?? 'no result')) : resolve(r)),
    ),
  );
  const collection = result.output?.[0]?.data as Json | undefined;
  if (!result.result || !collection) throw new Error(`openapi-to-postmanv2 failed: ${result.reason}`);

  const byName = operationsBySummary(doc);
  // The example tokens the converter put in stay as the variables' defaults (what the mock answers for).
  const defaults = new Map<string, string>();
  const requests = flatten(collection.item as Item[]).map((item) => {
    const operationId = byName.get(item.name);
    if (!operationId) throw new Error(`Postman request "${item.name}" matches no operation's summary`);
    const name = operationId.includes('Roadmap') ? 'roadmap_token' : 'record_token';
    for (const variable of item.request?.url?.variable ?? [])
      if (variable.key === 'token') {
        if (!defaults.has(name)) defaults.set(name, variable.value);
        variable.value = `{{${name}}}`;
      }
    delete item.id;
    return { operationId, item };
  });
  const fresh = new Map<Item, number>();
  // The SMS verifications send the code (and the roadmap's draft) the journey got, not the examples'.
  for (const { item } of requests) {
    const raw = item.request?.body?.raw;
    const body = raw ? (JSON.parse(raw) as Json) : undefined;
    if (!body || !item.request?.body) continue;
    for (const [field, variable] of [
      ['code', 'sms_code'],
      ['draft_token', 'draft_token'],
    ] as const)
      if (typeof body[field] === 'string') {
        if (!defaults.has(variable)) defaults.set(variable, String(body[field]));
        body[field] = `{{${variable}}}`;
      }
    // external_id is unique per organizer: each run sends new ones, so that a second run on the same server passes.
    let ids = 0;
    const marked = JSON.stringify(
      body,
      (key, value) => {
        if (key === 'external_id' && typeof value === 'number') return `__ID${++ids}__`;
        // The answers that fit the questionnaire the journey fetched (getQuestions keeps them).
        if (key === 'record' && Array.isArray(value)) {
          if (!defaults.has('answers')) defaults.set('answers', JSON.stringify(value));
          return '__ANSWERS__';
        }
        return value;
      },
      2,
    );
    item.request.body.raw = marked
      .replace(/"__ID(\d+)__"/g, '{{external_id_$1}}')
      .replace('"__ANSWERS__"', '{{answers}}');
    if (ids) fresh.set(item, ids);
  }
  const tokens = { roadmap: defaults.get('roadmap_token') ?? '', record: defaults.get('record_token') ?? '' };
  for (const { operationId, item } of requests) {
    const events = contractEvents(doc as unknown as OpenApiDocument, operationId, tokens);
    const count = fresh.get(item) ?? 0;
    if (count) events.unshift(freshIds(count));
    item.event = events;
  }
  const rank = (id: string) => (POSTMAN_ORDER.includes(id) ? POSTMAN_ORDER.indexOf(id) : POSTMAN_ORDER.length);
  requests.sort((a, b) => rank(a.operationId) - rank(b.operationId));

  const info = collection.info as Json;
  const version = String((doc.info as Json).version);
  info._postman_id = uuidFrom(`${info.name} ${version}`);
  info.version = version;
  info.description = withSupport(info.description, doc.info as Json);
  collection.item = requests.map((r) => r.item);
  collection.variable = [
    ...((collection.variable as Json[]) ?? []).filter((v) => !defaults.has(String(v.key))),
    ...[...defaults].map(([key, value]) => ({ key, value, type: 'string' })),
  ];
  return collection;
}

/**
 * The collection's description ends with the contact and licence of the description it was made from
 * (the build's, `withPublisher`): the converter's own lines name the contact's name and e-mail only.
 */
function withSupport(description: unknown, info: Json): unknown {
  const text = typeof description === 'object' && description ? (description as Json).content : description;
  if (typeof text !== 'string') return description;
  const contact = (info.contact ?? {}) as Json;
  const license = (info.license ?? {}) as Json;
  const reach = [contact.url, contact.email].filter(Boolean).join(', ');
  const lines = [
    reach ? `## Partner support\n\n${contact.name ? `${contact.name}: ` : ''}${reach}` : '',
    license.name ? `## Licence\n\n${license.name}${license.url ? ` (${license.url})` : ''}` : '',
  ].filter(Boolean);
  const content = [text.replace(/\n*Contact Support:\n[\s\S]*$/, ''), ...lines].join('\n\n');
  return typeof description === 'object' ? { ...(description as Json), content } : content;
}

/** New external_ids for a request's profiles: the time in milliseconds, plus one per profile. */
function freshIds(count: number) {
  const exec = ['var base = Date.now() * 10;'];
  for (let i = 1; i <= count; i++) exec.push(`pm.variables.set('external_id_${i}', base + ${i});`);
  return { listen: 'prerequest' as const, script: { type: 'text/javascript' as const, exec } };
}

/** A Postman environment: the values the collection's variables take for one target. */
export function postmanEnvironment(name: keyof typeof POSTMAN_ENVIRONMENTS, title: string): Json {
  const values = POSTMAN_ENVIRONMENTS[name];
  return {
    id: uuidFrom(`${title} ${name}`),
    name: `${title}: ${name}`,
    values: Object.entries(values).map(([key, value]) => ({ key, value, type: 'default', enabled: true })),
    _postman_variable_scope: 'environment',
  };
}

function operationsBySummary(doc: Json): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>))
    for (const op of Object.values(item))
      if (op && typeof op === 'object' && op.operationId)
        map.set(String(op.summary ?? op.operationId), String(op.operationId));
  return map;
}

function flatten(items: Item[]): Item[] {
  return items.flatMap((item) => (item.item ? flatten(item.item) : [item]));
}

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
