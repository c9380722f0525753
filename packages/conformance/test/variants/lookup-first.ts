import type { Fault, ProxyRequest } from '../faults/proxy.js';

/** The operations that take a body on a token: method and path, the resource they look up. */
const BODY_ROUTES: [method: string, path: RegExp, resource: 'record' | 'roadmap'][] = [
  ['POST', /^\/api\/v2\/record\/([^/]+)\/$/, 'record'],
  ['POST', /^\/api\/v2\/record\/([^/]+)\/auth\/$/, 'record'],
  ['PUT', /^\/api\/v2\/record\/([^/]+)\/auth\/verify\/$/, 'record'],
  ['POST', /^\/api\/v2\/roadmap\/([^/]+)\/auth\/$/, 'roadmap'],
  ['PUT', /^\/api\/v2\/roadmap\/([^/]+)\/auth\/verify\/$/, 'roadmap'],
];

const lookup = (req: ProxyRequest) => {
  const path = req.path.split('?')[0] ?? '';
  for (const [method, pattern, resource] of BODY_ROUTES) {
    const token = req.method === method ? pattern.exec(path)?.[1] : undefined;
    if (token) return `/api/v2/${resource}/${token}/`;
  }
  return undefined;
};

/**
 * A deployment that looks the token up before it reads the body (a conformant design): an
 * unknown record or roadmap is 404 whatever is sent; a known one, then the body is validated
 * as the sandbox does. The look-up is the sandbox's own GET with the caller's key.
 */
export const LOOKUP_FIRST: Fault = {
  async answer(req, upstream) {
    const at = lookup(req);
    if (!at) return undefined;
    const found = await fetch(`${upstream}${at}`, { headers: req.headers });
    await found.arrayBuffer();
    if (found.status !== 404) return undefined;
    const body = { data: {}, successful: false, messages: [{ code: 'not_found', text: 'Not found.' }] };
    return { status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  },
};
