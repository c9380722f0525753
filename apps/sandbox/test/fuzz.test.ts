import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { contracts } from '../src/contracts.js';
import { client, fileSandbox, INSTANT_KEY, type Reply, SMS_KEY } from './helpers.js';

// Property-based: requests built from the description (its operations, parameters and request
// examples), then broken, and kept only when the description's own validator rejects them.
const [api] = contracts();
if (!api) throw new Error('no API contract');
const operations = api.operations;
const RUNS = 2100;

const sandbox = fileSandbox();

type Json = unknown;
/** Every JSON pointer of a value, the root included. */
function pointers(value: Json, at = ''): string[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => pointers(v, `${at}/${i}`))];
  if (value && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([k, v]) => pointers(v, `${at}/${k}`))];
  return [at];
}
/** A copy of `value` with the node at `pointer` replaced (or deleted when `next` is the symbol). */
const DELETE = Symbol('delete');
function patch(value: Json, pointer: string, next: Json | typeof DELETE): Json {
  if (pointer === '') return next === DELETE ? undefined : next;
  const copy = structuredClone(value) as Record<string, Json>;
  const keys = pointer.split('/').slice(1);
  const last = keys.pop() as string;
  const parent = keys.reduce<Record<string, Json>>((node, k) => node[k] as Record<string, Json>, copy);
  if (next === DELETE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = next;
  return copy;
}

function isObjectAt(value: Json, pointer: string): boolean {
  const node = pointer
    .split('/')
    .slice(1)
    .reduce<Json>((n, k) => (n as Record<string, Json>)?.[k], value);
  return !!node && typeof node === 'object' && !Array.isArray(node);
}

interface Broken {
  method: string;
  path: string;
  key: string | undefined;
  body?: string;
  contentType?: string;
  /** The statuses this break may answer. */
  expect: number[];
}

const withBody = operations.filter((op) => op.requestBody && Object.keys(op.requestBody.examples).length > 0);
const pathOf = (template: string, token: string) => `/api/v2${template.replace('{token}', token)}`;
const jsonValue = fc.jsonValue({ maxDepth: 2 });

/** A schema-valid body example, with one node replaced, deleted or given an extra field: invalid per the validator. */
const brokenBody = fc
  .record({
    op: fc.constantFrom(...withBody),
    pick: fc.nat(),
    how: fc.constantFrom('replace', 'delete', 'extra'),
    value: jsonValue,
    name: fc.string({ minLength: 1, maxLength: 8 }),
  })
  .map(({ op, pick, how, value, name }) => {
    const examples = Object.values(op.requestBody?.examples ?? {});
    const example = examples[pick % examples.length];
    const sites = pointers(example);
    const site = sites[pick % sites.length] as string;
    const target = site === '' ? '' : site;
    let body: Json;
    if (how === 'replace') body = patch(example, target, value);
    else if (how === 'delete') body = patch(example, target, DELETE);
    else if (isObjectAt(example, target)) body = patch(example, `${target}/${name.replace(/[~/]/g, '_')}`, value);
    else body = patch(example, target, value);
    return { op, body };
  })
  .filter(({ op, body }) => body !== undefined && !api.validator.validateRequestBody(op, body).valid)
  .map(
    ({ op, body }): Broken => ({
      method: op.method.toUpperCase(),
      path: pathOf(op.path, randomUUID()),
      key: SMS_KEY,
      body: JSON.stringify(body),
      contentType: 'application/json',
      expect: [400],
    }),
  );

/** Bodies that are not JSON, not objects, or not sent as JSON. */
const brokenText = fc
  .record({
    op: fc.constantFrom(...withBody),
    text: fc.oneof(fc.string(), fc.constantFrom('{', '{"record":[1,', 'null', '[]', '"x"', '{"a":1}}')),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
  })
  .map(
    ({ op, text, contentType }): Broken => ({
      method: op.method.toUpperCase(),
      path: pathOf(op.path, randomUUID()),
      key: INSTANT_KEY,
      body: text,
      contentType,
      expect: [400],
    }),
  );

/** Path tokens that are not UUIDs. */
const brokenToken = fc
  .record({
    op: fc.constantFrom(...operations.filter((o) => o.path.includes('{token}'))),
    token: fc.string({ maxLength: 40 }),
  })
  // `.` and `..` are dot segments: URL clients resolve them away before sending (RFC 3986).
  .filter(({ token }) => token !== '.' && token !== '..')
  .filter(({ token }) => !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(token))
  .map(
    ({ op, token }): Broken => ({
      method: op.method.toUpperCase(),
      path: pathOf(op.path, encodeURIComponent(token)),
      key: SMS_KEY,
      ...(op.requestBody ? { body: '{}', contentType: 'application/json' } : {}),
      expect: token === '' ? [404] : [400],
    }),
  );

/** Listing filters and pages outside their schemas, and unknown parameters. */
const brokenQuery = fc
  .record({
    name: fc.constantFrom('status', 'auth_required', 'page', 'page_size', 'colour'),
    value: fc.oneof(fc.string(), fc.integer({ min: -5, max: 1000 }).map(String)),
  })
  .filter(({ name, value }) => {
    const op = operations.find((o) => o.operationId === 'listRecords');
    return !!op && !api.validator.validateParameters(op, { query: { [name]: value } }).valid;
  })
  .map(
    ({ name, value }): Broken => ({
      method: 'GET',
      path: `/api/v2/record/?${new URLSearchParams({ [name]: value })}`,
      key: INSTANT_KEY,
      expect: [400],
    }),
  );

/** Missing or wrong keys, unknown paths and methods. */
const brokenRoute = fc.oneof(
  fc
    .record({ op: fc.constantFrom(...operations), key: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }) })
    .filter(({ key }) => key !== SMS_KEY && key !== INSTANT_KEY && !/[\r\n\0]/.test(key ?? ''))
    .map(
      ({ op, key }): Broken => ({
        method: op.method.toUpperCase(),
        path: pathOf(op.path, randomUUID()),
        key,
        expect: [401],
      }),
    ),
  fc
    .record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), path: fc.webPath() })
    .filter(({ method, path }) => !operations.some((o) => o.method === method.toLowerCase() && o.matcher.test(path)))
    .map(({ method, path }): Broken => ({ method, path: `/api/v2${path}`, key: SMS_KEY, expect: [404] })),
);

async function send(b: Broken): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (b.contentType) headers['Content-Type'] = b.contentType;
  return client(sandbox.url, b.key).call(b.method, b.path, b.body, headers);
}

it(`${RUNS} broken requests: each a documented 4xx in the envelope, none a 5xx`, async () => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fc.oneof(brokenBody, brokenText, brokenToken, brokenQuery, brokenRoute), async (broken) => {
      const reply = await send(broken);
      seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
      expect(broken.expect, `${broken.method} ${broken.path} ${broken.body ?? ''}`).toContain(reply.status);
      expect(reply.body.successful).toBe(false);
      expect(reply.body.messages.length).toBeGreaterThan(0);
    }),
    { numRuns: RUNS },
  );
  expect([...seen.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2000);
  expect([...seen.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
});
