import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';

const API = (req: ProxyRequest) => req.path.startsWith('/api/v2/');

/** Rewrites the JSON body of the API's answers (the sandbox's control API is left alone). */
function rewrite(
  edit: (body: { data?: unknown; messages?: unknown; [k: string]: unknown }, res: ProxyResponse) => void,
): Fault {
  return {
    response(req, res) {
      if (!API(req) || !res.headers['content-type']?.includes('json')) return res;
      const body = JSON.parse(res.body);
      edit(body, res);
      return { ...res, body: JSON.stringify(body) };
    },
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Adds fields the interface does not show to every record, roadmap and profile in a body. */
function addFields(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addFields(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) addFields(value);
  if ('test_id' in node && 'auth_required' in node) Object.assign(node, { branch: 'north', tags: ['pilot'] });
  if ('test_records' in node && 'roles' in node) Object.assign(node, { title: 'Family roadmap', owner: { id: 7 } });
  if ('case_number' in node && 'mobile' in node) Object.assign(node, { email: null, city: 'Tehran' });
}

/** Messages of another shape and wording: plain strings for 400s, objects of other keys elsewhere; a non-empty `data`. */
function otherMessages(body: Json, res: ProxyResponse): void {
  if (res.status < 400 || !Array.isArray(body.messages)) return;
  const texts = body.messages.map((m) =>
    isObject(m) ? `Request refused (${res.status}): ${String(m.text ?? m.code)}` : String(m),
  );
  body.messages =
    res.status === 400 ? texts : texts.map((detail) => ({ detail: detail.toUpperCase(), level: 'error' }));
  body.data = { status: res.status };
}

/** [name, how it differs from the sandbox where the interface allows it, and why that is allowed]. */
export type Allowed = [name: string, fault: () => Fault, why: string, only?: string[]];

/** The slow variant runs these checks only: its 200 ms a request over a whole run would take minutes per key. */
export const SLOW_ONLY = [
  'record-auth',
  'roadmap-auth',
  'sms-wrong-code',
  'verify-after-auth',
  'draft-token-expiry',
  'tenant-isolation',
  'unknown-record',
  'constraints.verifyRoadmapAuth',
];

export const ALLOWED: Allowed[] = [
  [
    'extra fields on records, roadmaps and profiles',
    () => rewrite((body) => addFields(body.data)),
    'Roadmap: "Other roadmap fields ...: not shown"; records and profiles list their fields, not a closed set',
  ],
  [
    'error messages of another shape and wording, and a non-empty error data',
    () => rewrite(otherMessages),
    '"Body shape of error responses and content of `messages`: not shown."',
  ],
  ['200 ms a request', () => ({ delayMs: 200 }), 'the interface states no latency', SLOW_ONLY],
];
