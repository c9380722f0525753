import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';
import type { Allowed } from './allowed.js';

// Payloads whose shape the interface does not show, shaped otherwise than the sandbox's: the roadmap's
// `roles` and `test_records` entries ("the shape of `roles` and `test_records` entries: not shown"),
// and the answers of record authentication and its verify ("Request and response payload shapes of
// the rows above …: not shown").

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const path = (req: ProxyRequest) => req.path.split('?')[0] ?? '';
const ROADMAP = /^\/api\/v2\/roadmap\/[^/]+\/$/;
const RECORD_AUTH = /^\/api\/v2\/record\/[^/]+\/auth\/(verify\/)?$/;

function rewrite(
  match: (req: ProxyRequest) => boolean,
  edit: (data: Json, res: ProxyResponse, req: ProxyRequest) => unknown,
): Fault {
  return {
    response(req, res) {
      if (!match(req) || !res.headers['content-type']?.includes('json')) return res;
      const body = JSON.parse(res.body) as Json;
      if (!isObject(body.data)) return res;
      body.data = edit(body.data, res, req);
      return { ...res, body: JSON.stringify(body) };
    },
  };
}

const roadmap = (edit: (data: Json) => void) =>
  rewrite(
    (req) => req.method === 'GET' && ROADMAP.test(path(req)),
    (data, res) => {
      if (res.status === 200) edit(data);
      return data;
    },
  );

const WHY_ROADMAP = '"Other roadmap fields and the shape of `roles` and `test_records` entries: not shown."';
const WHY_AUTH = '"Request and response payload shapes of the rows above, other than those stated: not shown."';

export const SHAPES: Allowed[] = [
  [
    'roadmaps listing test_records as bare tokens and roles as {role_id, title}',
    () =>
      roadmap((data) => {
        if (Array.isArray(data.test_records))
          data.test_records = data.test_records.map((r) => (isObject(r) ? r.token : r));
        if (Array.isArray(data.roles))
          data.roles = data.roles.map((r) => (isObject(r) ? { role_id: r.id, title: `Role ${String(r.id)}` } : r));
        delete data.token;
      }),
    WHY_ROADMAP,
  ],
  [
    'roadmaps whose test_records entries are {record_token, test_title, state}',
    () =>
      roadmap((data) => {
        if (Array.isArray(data.test_records))
          data.test_records = data.test_records.map((r) =>
            isObject(r) ? { record_token: r.token, test_title: r.test_title, state: 'ready' } : r,
          );
      }),
    WHY_ROADMAP,
  ],
  [
    'record authentication and verify answering {sent, expires_in} and {verified}',
    () =>
      rewrite(
        (req) => RECORD_AUTH.test(path(req)),
        (data, res, req) => {
          if (res.status >= 300) return data;
          return path(req).endsWith('/verify/') ? { verified: true } : { sent: true, expires_in: 120 };
        },
      ),
    WHY_AUTH,
  ],
];
