import type { OpenApiDocument } from '@tas/openapi';
import { proposeProfile } from './propose.js';
import {
  type DeploymentProfile,
  type ProfileInput,
  type ResolvedProfile,
  type Source,
  TEMPLATED,
  type TemplatedOperation,
} from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const defaults = new WeakMap<OpenApiDocument, DeploymentProfile>();
/** The defaults: the profile the bundled description proposes of itself. */
export function defaultProfile(doc: OpenApiDocument): DeploymentProfile {
  const found = defaults.get(doc) ?? proposeProfile(doc).profile;
  defaults.set(doc, found);
  return structuredClone(found);
}

/** Flags that override the profile (today's `--listing-path`, `--result-path`). */
export interface ProfileFlags {
  listRecords?: string;
  getResult?: string;
}

/** The settings in effect: the defaults, the profile's values over them, the flags over both; each with its source. */
export function resolveProfile(
  doc: OpenApiDocument,
  input: ProfileInput = {},
  flags: ProfileFlags = {},
  file?: string,
): ResolvedProfile {
  const base = defaultProfile(doc);
  const profile = structuredClone(base);
  const sources: Record<string, Source> = {};
  const set = (key: string, source: Source, value: unknown) => {
    const path = key.split('.');
    let node = profile as unknown as Json;
    // An operation's error statuses are a group the defaults do not hold.
    for (const p of path.slice(0, -1)) {
      node[p] ??= {};
      node = node[p] as Json;
    }
    node[path[path.length - 1] as string] = value;
    sources[key] = source;
  };
  for (const key of keysOf(base)) sources[key] = 'default';
  // Templates are settings whole; every other value, leaf by leaf.
  const walk = (given: unknown, at: string) => {
    if (isObject(given) && Object.keys(given).length && at !== 'requests.' && !at.startsWith('requests.'))
      for (const [k, v] of Object.entries(given)) walk(v, `${at}${at ? '.' : ''}${k}`);
    else if (at) set(at, 'profile', structuredClone(given));
  };
  for (const [k, v] of Object.entries(input))
    if (k === 'requests' && isObject(v)) for (const [id, t] of Object.entries(v)) walk(t, `requests.${id}`);
    else walk(v, k);
  // The verify bodies follow the code's field unless the profile gives them.
  if (profile.code_field !== base.code_field)
    for (const id of ['verifyRecordAuth', 'verifyRoadmapAuth'] as const)
      if (sources[`requests.${id}`] === 'default')
        set(`requests.${id}`, 'code_field', renameKey(base.requests[id], base.code_field, profile.code_field));
  if (flags.listRecords) set('listing.path', 'flag', flags.listRecords);
  if (flags.getResult) set('result.path', 'flag', flags.getResult);
  const reshaped: ResolvedProfile['reshaped'] = {};
  for (const id of Object.keys(TEMPLATED) as TemplatedOperation[])
    if (!sameJson(profile.requests[id], base.requests[id])) reshaped[id] = profile.requests[id];
  return { profile, sources, reshaped, defaults: base, ...(file ? { file } : {}) };
}

/** Every setting's dotted key, templates whole, an empty group (a mode's successes) as one. */
function keysOf(profile: DeploymentProfile): string[] {
  const out: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (isObject(node) && !at.startsWith('requests.') && (Object.keys(node).length || !at))
      for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
    else out.push(at);
  };
  walk(profile, '');
  return out;
}

/** Each setting in effect, its value as one line of JSON and where it came from: what `plan` prints. */
export function settingsOf(
  resolved: ResolvedProfile,
): { key: string; value: string; source: Source; isDefault: boolean }[] {
  return keysOf(resolved.profile).map((key) => {
    const at = (root: unknown) => key.split('.').reduce<unknown>((node, p) => (node as Json | undefined)?.[p], root);
    const node = at(resolved.profile);
    return {
      key,
      value: typeof node === 'string' ? node : JSON.stringify(node),
      source: resolved.sources[key] ?? 'default',
      isDefault: sameJson(node, at(resolved.defaults)),
    };
  });
}

function renameKey(template: unknown, from: string, to: string): unknown {
  if (Array.isArray(template)) return template.map((t) => renameKey(t, from, to));
  if (!isObject(template)) return template;
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k === from ? to : k, renameKey(v, from, to)]));
}

/** Equal as JSON, whatever the order of keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  return a === b;
}
