import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';

// Deployments that take requests of another shape where the interface does not show it ("Request and
// response payload shapes of the rows above, other than those stated: not shown"): translating layers
// over the sandbox. The suite sends the description's shapes, which such a deployment refuses.

type Json = Record<string, unknown>;
const RECORD_AUTH = /^\/api\/v2\/record\/[^/]+\/auth\/$/;
const pathOf = (req: ProxyRequest) => req.path.split('?')[0] ?? '';

function parse(text: string): Json | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** Its refusals: `data: null`, messages `{field, code, detail}`. */
export const refusal = (field: string, detail: string): ProxyResponse => ({
  status: 400,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: null, successful: false, messages: [{ field, code: 'invalid', detail }] }),
});

/**
 * Record authentication takes the profile flat (`name`, `birth`, `is_male`, `mobile`, `external_id`
 * at the top level): a nested `profile` is refused; a flat body is nested for the sandbox.
 */
export const FLAT_RECORD_AUTH: Fault = {
  answer(req) {
    if (req.method !== 'POST' || !RECORD_AUTH.test(pathOf(req))) return undefined;
    const body = parse(req.body);
    if (body && typeof body.profile === 'object') return refusal('name', 'name is required');
    return undefined;
  },
  request(req) {
    if (req.method !== 'POST' || !RECORD_AUTH.test(pathOf(req))) return req;
    const body = parse(req.body);
    if (!body || 'profile' in body) return req;
    const { mobile, ...profile } = body;
    return { ...req, body: JSON.stringify({ mobile, profile }) };
  },
};
