// Request bodies built to cost a checker the most for their size: an operation's example with one of
// its arrays filled with many copies of a filler, one of its strings made long, or many unknown keys.
import { BODY_LIMIT, checkRequest, MAX_DEPTH, type Operation, rawBody, type Validator } from '../src/index.js';

const TOKEN = { token: '6f1c2d3e-0000-4000-8000-000000000001' };

/** A JSON body checked as the servers check one: as bytes read, for an operation whose path has a token. */
export function checkBody(validator: Validator, operation: Operation, text: string) {
  const bytes = Buffer.from(text);
  return checkRequest(
    validator,
    operation,
    TOKEN,
    new URLSearchParams(),
    'application/json',
    rawBody(bytes, bytes.length),
  );
}

/** Values that fail an item's schema in different ways (type, oneOf branches, required, nesting). */
export const FILLERS: readonly unknown[] = [
  null,
  {},
  [],
  0,
  -1,
  '',
  true,
  '\u200C',
  { id: null, profile: null },
  nested(MAX_DEPTH - 4),
];

function nested(depth: number): unknown {
  let v: unknown = null;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

export type Site = { kind: 'array' | 'string'; path: string[] } | { kind: 'keys'; path: [] };

/** Where a body can be made costly: each array and string of the example, and its root's keys. */
export function sitesOf(example: unknown, path: string[] = []): Site[] {
  if (Array.isArray(example))
    return [{ kind: 'array', path }, ...example.flatMap((v, i) => sitesOf(v, [...path, String(i)]))];
  if (typeof example === 'string') return [{ kind: 'string', path }];
  if (example && typeof example === 'object')
    return [
      ...(path.length ? [] : [{ kind: 'keys', path: [] } as Site]),
      ...Object.entries(example).flatMap(([k, v]) => sitesOf(v, [...path, k])),
    ];
  return [];
}

/** The operation's first example with `site` made costly, its text at most `bytes` long (and BODY_LIMIT). */
export function costlyBody(operation: Operation, site: Site, filler: unknown, bytes: number): string {
  const example = Object.values(operation.requestBody?.examples ?? {})[0];
  const body = structuredClone(example) as Record<string, unknown>;
  const room = Math.min(bytes, BODY_LIMIT) - Buffer.byteLength(JSON.stringify(body)) - 16;
  const one = Buffer.byteLength(JSON.stringify(filler)) + 1;
  const count = Math.max(1, Math.floor(room / one));
  if (site.kind === 'keys') {
    let used = 0;
    for (let i = 0; used + `"k${i}":`.length + one <= room; i++) {
      used += `"k${i}":`.length + one;
      body[`k${i}`] = filler;
    }
    return JSON.stringify(body);
  }
  const value = site.kind === 'array' ? Array(count).fill(filler) : '\u200C'.repeat(Math.max(1, Math.floor(room / 3)));
  setAt(body, site.path, value);
  return JSON.stringify(body);
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1] as string] = value;
}
