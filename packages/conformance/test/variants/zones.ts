import type { Fault, ProxyRequest } from '../faults/proxy.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The calendar day in an IANA time zone at a moment, as [year, month, day] (Intl's own tables). */
function dayIn(zone: string, at: number): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  return parts as [number, number, number];
}

const ageOnDay = (birth: string, [y, m, d]: [number, number, number]) => {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

/** Every profile's age moved from the upstream's reading (UTC, the sandbox's) to the day in `zone`. */
function shift(node: unknown, zone: string, at: number): void {
  if (Array.isArray(node)) for (const item of node) shift(item, zone, at);
  else if (isObject(node)) {
    if (typeof node.birth === 'string' && typeof node.age === 'number' && /^\d{4}-\d\d-\d\d$/.test(node.birth))
      node.age += ageOnDay(node.birth, dayIn(zone, at)) - ageOnDay(node.birth, dayIn('UTC', at));
    for (const value of Object.values(node)) shift(value, zone, at);
  }
}

/**
 * A deployment whose "today" is the calendar day in `zone` when it derives a profile's age. It
 * moves the upstream's age by the difference, so a fault layered under it shows through.
 */
export function ageInZone(zone: string, now: () => number = Date.now): Fault {
  return {
    response(req: ProxyRequest, res) {
      if (!req.path.startsWith('/api/v2/') || !res.headers['content-type']?.includes('json')) return res;
      const body = JSON.parse(res.body) as unknown;
      if (!isObject(body)) return res;
      shift(body.data, zone, now());
      return { ...res, body: JSON.stringify(body) };
    },
  };
}
