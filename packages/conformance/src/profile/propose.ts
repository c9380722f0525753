import { resolveRef } from '@tas/openapi';
import {
  type DeploymentProfile,
  PLACEHOLDERS,
  type Placeholder,
  type Scalar,
  type TemplatedOperation,
} from './types.js';

// A profile proposed from an OpenAPI description (3.0 or 3.1): the deployment's own, or the bundled
// one, whose proposal is the defaults. Each value says where it came from; what is not found stays
// the fallback's, with a note.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Each operation the suite calls, by method and path shape (`{}` for a path parameter, no base path, no trailing slash). */
const SHAPES: Record<string, { methods: string[]; path: RegExp }> = {
  listRecords: { methods: ['get'], path: /^\/records?$/ },
  getRecord: { methods: ['get'], path: /^\/records?\/\{\}$/ },
  submitAnswers: { methods: ['post', 'put'], path: /^\/records?\/\{\}$/ },
  getQuestions: { methods: ['get'], path: /^\/records?\/\{\}\/questions$/ },
  getResult: { methods: ['get'], path: /^\/(records?\/\{\}\/results?|results?\/\{\})$/ },
  authenticateRecord: { methods: ['post'], path: /^\/records?\/\{\}\/auth$/ },
  verifyRecordAuth: { methods: ['put', 'post'], path: /^\/records?\/\{\}\/auth\/verify$/ },
  getRoadmap: { methods: ['get'], path: /^\/roadmaps?\/\{\}$/ },
  authenticateRoadmap: { methods: ['post'], path: /^\/roadmaps?\/\{\}\/auth$/ },
  verifyRoadmapAuth: { methods: ['put', 'post'], path: /^\/roadmaps?\/\{\}\/auth\/verify$/ },
};

export interface Proposal {
  profile: DeploymentProfile;
  /** Per setting (dotted key): where its value came from, or why it stayed the default. */
  notes: Record<string, string>;
  /** The description's operations mapped to none the suite calls (`GET /path (operationId)`). */
  unmapped: string[];
}

interface Found {
  method: string;
  path: string;
  op: Json;
}

/** The base path a description's paths may carry (`/api/v2`), stripped: profile paths are under it. */
const underBase = (path: string) => path.replace(/^\/api\/v\d+(?=\/)/, '');
const shapeOf = (path: string) =>
  underBase(path)
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '')
    .toLowerCase();

/** What an operation is about, by the words of its operationId, summary and description, for those whose path is not shown. */
const MEANINGS: Partial<Record<string, { methods: string[]; param: boolean; words: RegExp }>> = {
  listRecords: {
    methods: ['get'],
    param: false,
    words:
      /\b(list|search|find|index|all)\b.*\b(records?|assignments?|tests?)\b|\b(records?|assignments?)\b.*\b(list|search|index)\b/i,
  },
  getResult: { methods: ['get'], param: true, words: /\b(results?|scores?|reports?|outcomes?)\b/i },
};

/** An operationId's words, lowercased and joined: listRecords, list_records and records-list read alike. */
const idWords = (id: unknown) =>
  typeof id === 'string'
    ? id
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean)
        .sort()
        .join(' ')
    : '';

/**
 * Each operation the suite calls: by its operationId (the suite's own, in any case and order of its
 * words), else by its method and path shape, else, for the listing and the result whose paths the
 * interface does not show, by what its operationId, summary and description say it does.
 */
function operations(doc: unknown): { ops: Record<string, Found>; unmapped: string[] } {
  const all: Found[] = [];
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  for (const [path, raw] of Object.entries(paths)) {
    const item = resolveRef<Json>(doc, raw);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op))
        all.push({ method, path, op: { ...op, parameters: [...asArray(item.parameters), ...asArray(op.parameters)] } });
    }
  }
  const out: Record<string, Found> = {};
  const taken = new Set<Found>();
  const take = (id: string, match: (f: Found) => boolean) => {
    const f = out[id] ? undefined : all.find((f) => !taken.has(f) && match(f));
    if (f) {
      out[id] = f;
      taken.add(f);
    }
  };
  for (const id of Object.keys(SHAPES)) take(id, (f) => idWords(f.op.operationId) === idWords(id));
  for (const [id, shape] of Object.entries(SHAPES))
    take(id, (f) => shape.methods.includes(f.method) && shape.path.test(shapeOf(f.path)));
  for (const [id, meaning] of Object.entries(MEANINGS))
    take(
      id,
      (f) =>
        !!meaning &&
        meaning.methods.includes(f.method) &&
        /\{[^}]+\}/.test(f.path) === meaning.param &&
        meaning.words.test(`${idWords(f.op.operationId)} ${f.op.summary ?? ''} ${f.op.description ?? ''} ${f.path}`),
    );
  const unmapped = all
    .filter((f) => !taken.has(f))
    .map((f) => `${where(f)}${typeof f.op.operationId === 'string' ? ` (${f.op.operationId})` : ''}`);
  return { ops: out, unmapped };
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const where = (f: Found) => `${f.method.toUpperCase()} ${f.path}`;

/** A schema with its $refs followed and an allOf's objects merged (enough to read property names and types). */
function schemaOf(doc: unknown, node: unknown, depth = 0): Json {
  const s = resolveRef<Json>(doc, node);
  if (!isObject(s) || depth > 10) return {};
  if (!Array.isArray(s.allOf)) return s;
  const merged: Json = { ...s, properties: { ...(isObject(s.properties) ? s.properties : {}) } };
  for (const part of s.allOf) {
    const p = schemaOf(doc, part, depth + 1);
    Object.assign(merged.properties as Json, isObject(p.properties) ? p.properties : {});
    if (p.type && !merged.type) merged.type = p.type;
  }
  return merged;
}

function bodySchema(doc: unknown, f: Found): Json | undefined {
  const body = resolveRef<Json>(doc, f.op.requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content : {};
  const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(media) && media.schema !== undefined ? schemaOf(doc, media.schema) : undefined;
}

const CODE_NAMES = /^(code|otp|sms_?code|pin|verification_?code|one_time_code|token_code)$/i;

/** A template from a body schema: each property named as a placeholder becomes it, objects recurse. */
function templateOf(doc: unknown, schema: Json, codeField?: string): { template: Json; missing: string[] } {
  const template: Json = {};
  const missing: string[] = [];
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = asArray(schema.required);
  for (const [name, raw] of Object.entries(props)) {
    const sub = schemaOf(doc, raw);
    const placeholder: Placeholder | undefined = (PLACEHOLDERS as readonly string[]).includes(name)
      ? (name as Placeholder)
      : name === codeField
        ? 'code'
        : undefined;
    if (placeholder) template[name] = `{${placeholder}}`;
    else if (sub.type === 'object' || isObject(sub.properties)) {
      const inner = templateOf(doc, sub, codeField);
      template[name] = inner.template;
      missing.push(...inner.missing.map((m) => `${name}.${m}`));
    } else if (required.includes(name)) missing.push(name);
  }
  return { template, missing };
}

const typeOf = (s: Json): string | undefined => {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') as string | undefined;
  for (const k of ['oneOf', 'anyOf'] as const)
    for (const part of asArray(s[k])) if (isObject(part) && part.type && part.type !== 'null') return typeOf(part);
  return undefined;
};

/** The first schema of a property named `name` anywhere in the description. */
function findProperty(doc: unknown, name: string): Json | undefined {
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number): Json | undefined => {
    if (depth > 40 || !node || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    if (isObject(node) && isObject(node.properties) && node.properties[name] !== undefined)
      return schemaOf(doc, node.properties[name]);
    for (const value of Object.values(node)) {
      const found = walk(value, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(doc, 0);
}

const GENDER_WORDS: Record<'all' | 'men' | 'women', RegExp> = {
  all: /^(all|any|both|everyone|none|a|b|mf|fm|unisex|mixed|\*)$/i,
  men: /^(m|male|males|man|men)$/i,
  women: /^(f|female|females|woman|women)$/i,
};

/** gender_permission's values for all, men and women, from its enum (and its description, for numbers). */
function genderOf(schema: Json): { values: Record<'all' | 'men' | 'women', Scalar>; how: string } | undefined {
  const values = asArray(schema.enum ?? asArray(schema.oneOf).flatMap((p) => (isObject(p) ? asArray(p.enum) : [])));
  const out: Partial<Record<'all' | 'men' | 'women', Scalar>> = {};
  const text = typeof schema.description === 'string' ? schema.description : '';
  for (const v of values) {
    for (const [kind, words] of Object.entries(GENDER_WORDS) as ['all' | 'men' | 'women', RegExp][]) {
      if (typeof v === 'string' && words.test(v)) out[kind] = v;
      // A number named in the description: `0 all`, `1: men`, `2 = women`, `1 (male)`.
      const named = new RegExp(`(?:^|[^\\d])${String(v)}\\s*[:=(\\-–]?\\s*\\(?\\s*(\\w+)`).exec(text)?.[1];
      if (typeof v === 'number' && named && words.test(named)) out[kind] = v;
    }
  }
  if (out.all !== undefined && out.men !== undefined && out.women !== undefined)
    return {
      values: out as Record<'all' | 'men' | 'women', Scalar>,
      how: typeof values[0] === 'number' ? 'enum, read with its description' : 'enum',
    };
  // Three numbers and no words: the common order, said as a guess.
  if (values.length === 3 && values.every((v) => typeof v === 'number'))
    return {
      values: { all: values[0] as number, men: values[1] as number, women: values[2] as number },
      how: 'enum in order (all, men, women): a guess, check it',
    };
  return undefined;
}

const SIZE_NAMES = ['page_size', 'per_page', 'pageSize', 'perPage', 'limit', 'size'];
const PAGE_NAMES = ['page', 'page_number', 'offset', 'cursor', 'after', 'skip'];

/**
 * The profile a description proposes: what it shows of each open choice. `fallback` (the defaults)
 * fills what it does not show; without one, everything must be found (the bundled description).
 */
export function proposeProfile(doc: unknown, fallback?: DeploymentProfile): Proposal {
  const { ops, unmapped } = operations(doc);
  const notes: Record<string, string> = {};
  const missing: string[] = [];
  function pick<T>(key: string, value: T | undefined, how: string, otherwise?: T, why?: string): T {
    if (value !== undefined) {
      notes[key] = how;
      return value;
    }
    if (otherwise === undefined) {
      missing.push(key);
      return undefined as T;
    }
    notes[key] = `not found (${why ?? 'the description does not show it'}): the default`;
    return otherwise;
  }
  const fb = fallback;

  // The listing: its path, filter and paging parameters.
  const listing = ops.listRecords;
  const params = (listing ? asArray(listing.op.parameters) : [])
    .map((p) => resolveRef<Json>(doc, p))
    .filter((p) => isObject(p) && p.in === 'query')
    .map((p) => String(p.name));
  const param = (exact: string, fuzzy: RegExp) => params.find((p) => p === exact) ?? params.find((p) => fuzzy.test(p));
  const at = listing ? `a query parameter of ${where(listing)}` : '';
  const listingWhy = 'no GET /record/ or /records/ without a path parameter';
  const linkHeader =
    listing &&
    Object.values(isObject(listing.op.responses) ? listing.op.responses : {}).some((r) => {
      const res = resolveRef<Json>(doc, r);
      return isObject(res) && isObject(res.headers) && Object.keys(res.headers).some((h) => h.toLowerCase() === 'link');
    });
  const filter = (name: 'status' | 'auth_required', fuzzy: RegExp) =>
    pick(`listing.filters.${name}`, listing && param(name, fuzzy), at, fb?.listing.filters[name], listingWhy);
  const size = listing ? SIZE_NAMES.find((n) => params.includes(n)) : undefined;
  const page = listing ? PAGE_NAMES.find((n) => params.includes(n)) : undefined;
  // The first page's number: the page parameter's minimum or default, when it is 0 or 1.
  const pageSchema = listing
    ? asArray(listing.op.parameters)
        .map((p) => resolveRef<Json>(doc, p))
        .find((p) => isObject(p) && p.name === page && p.in === 'query')?.schema
    : undefined;
  const firstPage = [(pageSchema as Json | undefined)?.minimum, (pageSchema as Json | undefined)?.default].find(
    (v): v is 0 | 1 => v === 0 || v === 1,
  );

  const profile: DeploymentProfile = {
    listing: {
      path: pick(
        'listing.path',
        listing && underBase(listing.path),
        listing ? where(listing) : '',
        fb?.listing.path,
        listingWhy,
      ),
      filters: {
        status: filter('status', /status/i),
        auth_required: filter('auth_required', /auth/i),
      },
      paging: {
        style: pick(
          'listing.paging.style',
          linkHeader ? 'link' : fb ? undefined : 'auto',
          linkHeader ? `a Link header in the answers of ${where(listing as Found)}` : 'the common conventions',
          fb?.listing.paging.style,
          'no Link header documented; auto reads the common conventions',
        ),
        page: pick('listing.paging.page', page, at, fb?.listing.paging.page),
        size: pick('listing.paging.size', size, at, fb?.listing.paging.size),
        base: pick(
          'listing.paging.base',
          firstPage,
          `the minimum or default of ${page} in ${listing ? where(listing) : ''}`,
          fb?.listing.paging.base ?? 1,
          `no minimum or default of 0 or 1 for the page parameter`,
        ),
      },
    },
    result: {
      path: pick(
        'result.path',
        ops.getResult && underBase(ops.getResult.path).replace(/\{[^}]*\}/, '{token}'),
        ops.getResult ? where(ops.getResult) : '',
        fb?.result.path,
        'no GET path of a record result',
      ),
    },
    code_field: '',
    requests: {} as DeploymentProfile['requests'],
    test_fields: {
      ages: 'integer',
      gender_permission: { all: 'all', men: 'male', women: 'female' },
    },
    success: {},
    // A description has one success per operation: modes that differ are the profile's to say.
    error_bodies: 'description',
    errors: {},
    modes: { sms: { success: {}, errors: {} }, instant: { success: {}, errors: {} } },
  };

  // The code's field: the verify body's property that is no draft_token.
  const verifies = (['verifyRecordAuth', 'verifyRoadmapAuth'] as const).map((id) => {
    const f = ops[id];
    const schema = f && bodySchema(doc, f);
    const names = Object.keys(schema && isObject(schema.properties) ? schema.properties : {});
    return {
      id,
      f,
      schema,
      field: names.find((n) => CODE_NAMES.test(n)) ?? names.find((n) => n !== 'draft_token' && /code|otp|pin/i.test(n)),
    };
  });
  const coded = verifies.find((v) => v.field);
  profile.code_field = pick(
    'code_field',
    coded?.field,
    coded?.f ? `the body of ${where(coded.f)}` : '',
    fb?.code_field,
    'no verify body names a code field',
  );

  // The three request bodies, as the description's schemas shape them.
  const bodies: [TemplatedOperation, Found | undefined][] = [
    ['authenticateRecord', ops.authenticateRecord],
    ['verifyRecordAuth', ops.verifyRecordAuth],
    ['verifyRoadmapAuth', ops.verifyRoadmapAuth],
  ];
  for (const [id, f] of bodies) {
    const schema = f && bodySchema(doc, f);
    const made = schema ? templateOf(doc, schema, profile.code_field) : undefined;
    const shape = made && Object.keys(made.template).length ? made.template : undefined;
    const how =
      f && made
        ? `the body schema of ${where(f)}${made.missing.length ? `; it also requires ${made.missing.join(', ')}, which the suite has no value for` : ''}`
        : '';
    profile.requests[id] = pick(
      `requests.${id}`,
      shape,
      how,
      fb?.requests[id],
      f ? 'its body schema names no field the suite fills' : 'the operation is not in the description',
    );
  }

  // The nested test's fields: how ages read, gender_permission's values.
  const minAge = findProperty(doc, 'min_age');
  const ageType = minAge && typeOf(minAge);
  profile.test_fields.ages = pick(
    'test_fields.ages',
    ageType === 'integer' || ageType === 'number' ? 'integer' : ageType === 'string' ? 'string' : undefined,
    `the type of min_age (${ageType})`,
    fb?.test_fields.ages,
    'no min_age of a known type',
  );
  const gender = findProperty(doc, 'gender_permission');
  const values = gender && genderOf(gender);
  const g = values?.values;
  for (const kind of ['all', 'men', 'women'] as const)
    profile.test_fields.gender_permission[kind] = pick(
      `test_fields.gender_permission.${kind}`,
      g?.[kind],
      `gender_permission's ${values?.how}`,
      fb?.test_fields.gender_permission[kind],
      'no gender_permission whose values the suite can read',
    );

  // Success statuses: each operation's first 2xx.
  for (const id of Object.keys(SHAPES)) {
    const f = ops[id];
    const codes = Object.keys(f && isObject(f.op.responses) ? f.op.responses : {}).filter((c) => /^2\d\d$/.test(c));
    const first = codes.sort()[0];
    profile.success[id] = pick(
      `success.${id}`,
      first === undefined ? undefined : Number(first),
      f ? `the responses of ${where(f)}` : '',
      fb?.success[id],
      f ? 'no 2xx response documented' : 'the operation is not in the description',
    );
  }
  if (missing.length) throw new Error(`the description does not show ${missing.join(', ')}`);
  return { profile, notes, unmapped };
}
