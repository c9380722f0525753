import { createHash } from 'node:crypto';
import { type CollectionResult, convert } from 'openapi-to-postmanv2';

type Json = Record<string, unknown>;
interface Item {
  name: string;
  item?: Item[];
  request?: { url?: { variable?: { key: string; value: string }[] } };
  event?: unknown[];
  id?: string;
}

/** The order a partner walks them in: find a record, authenticate, answer, read the result. */
export const POSTMAN_ORDER = [
  'listRecords',
  'getRecord',
  'authenticateRecord',
  'verifyRecordAuth',
  'getQuestions',
  'submitAnswers',
  'getResult',
  'getRoadmap',
  'authenticateRoadmap',
  'verifyRoadmapAuth',
];

/** Where Postman sends the calls: `base_url` (scheme and host, as the description's server variable) and the key. */
export const POSTMAN_ENVIRONMENTS = {
  mock: { base_url: 'http://localhost:4010', apiKey: 'any-key' },
  sandbox: { base_url: 'http://localhost:4020', apiKey: 'sandbox-key-instant' },
} as const;

// The listing's test script keeps a ready standalone record's token for the calls after it.
const KEEP_READY_RECORD = [
  'const records = (pm.response.json().data || {}).results || [];',
  "const ready = records.find((r) => r.role === null && r.test_id === 'career-interest') || records.find((r) => r.role === null);",
  "if (ready) pm.collectionVariables.set('record_token', ready.token);",
];

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
    if (operationId === 'listRecords')
      item.event = [{ listen: 'test', script: { type: 'text/javascript', exec: KEEP_READY_RECORD } }];
    return { operationId, item };
  });
  const rank = (id: string) => (POSTMAN_ORDER.includes(id) ? POSTMAN_ORDER.indexOf(id) : POSTMAN_ORDER.length);
  requests.sort((a, b) => rank(a.operationId) - rank(b.operationId));

  const info = collection.info as Json;
  const version = String((doc.info as Json).version);
  info._postman_id = uuidFrom(`${info.name} ${version}`);
  info.version = version;
  collection.item = requests.map((r) => r.item);
  collection.variable = [
    ...((collection.variable as Json[]) ?? []).filter(
      (v) => !['record_token', 'roadmap_token'].includes(String(v.key)),
    ),
    ...[...defaults].map(([key, value]) => ({ key, value, type: 'string' })),
  ];
  return collection;
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
