import type { Operation } from '@tas/openapi';
import type { Message } from './envelope.js';

export interface Preferences {
  code?: string;
  example?: string;
  dynamic?: string;
  /** Preferences the mock does not read (`Prefer: RecordAuthCompletedInstant`): refused, not ignored. */
  unknown?: string[];
}

const READ = ['code', 'example', 'dynamic'];

/** `Prefer: code=409, example=ErrorRoadmapRecord` (RFC 7240): the preferences the mock reads, lower-cased names. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  // A Map: a name such as __proto__ or constructor is a name like any other, never a built-in.
  const out = new Map<string, string>();
  const unknown: string[] = [];
  // Parameters after `;` belong to the preference before them (RFC 7240); the mock reads none.
  for (const part of text.split(',').map((p) => p.split(';')[0] ?? '')) {
    const at = part.indexOf('=');
    const raw = (at < 0 ? part : part.slice(0, at)).trim();
    const name = raw.toLowerCase();
    const value =
      at < 0
        ? ''
        : part
            .slice(at + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (!name) continue;
    if (!READ.includes(name)) unknown.push(at < 0 ? raw : `${raw}=${value}`);
    else if (!out.has(name)) out.set(name, value);
  }
  return {
    code: out.get('code'),
    example: out.get('example'),
    dynamic: out.get('dynamic'),
    ...(unknown.length ? { unknown } : {}),
  };
}

const own = (object: object | undefined, key: string) => object !== undefined && Object.hasOwn(object, key);

/**
 * Whether the operation can answer what `Prefer` asks for. Prism either answers a 500 with its
 * internals or a 400 that reads like a bad request; this says instead, from the description, which
 * codes and examples the operation has.
 */
export function checkPrefer(prefer: Preferences, op: Operation, basePath: string): Message | undefined {
  const where = `${op.operationId} (${op.method.toUpperCase()} ${basePath}${op.path})`;
  const refuse = (problem: string): Message => ({
    code: 'invalid_prefer',
    text: `Prefer on ${where}: ${problem}. Its statuses and examples: ${offer(op)}.`,
  });
  const { code, example, dynamic, unknown } = prefer;
  if (unknown?.length)
    return refuse(
      `${unknown.map((u) => `"${u}"`).join(', ')} is not a preference the mock reads (code=STATUS, example=NAME, dynamic=true|false)`,
    );
  if (dynamic !== undefined && dynamic !== 'true' && dynamic !== 'false')
    return refuse(`dynamic=${dynamic} is neither true nor false`);
  if (code !== undefined && !own(op.responses, code)) return refuse(`code=${code} is not one of its statuses`);
  if (example === undefined) return undefined;
  if (code !== undefined) {
    if (own(op.responses[code]?.examples, example)) return undefined;
    return refuse(`example=${example} is not an example of its ${code} answer${elsewhere(op, example)}`);
  }
  // Without a code Prism looks for the example in the success answer only.
  const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
  if (success && own(op.responses[success]?.examples, example)) return undefined;
  const other = statusOf(op, example);
  if (other) return refuse(`example=${example} is a ${other} answer: send Prefer: code=${other}, example=${example}`);
  return refuse(`example=${example} is not one of its examples`);
}

function statusOf(op: Operation, example: string): string | undefined {
  return Object.entries(op.responses).find(([, r]) => own(r.examples, example))?.[0];
}

function elsewhere(op: Operation, example: string): string {
  const other = statusOf(op, example);
  return other ? ` (it is a ${other} answer: code=${other})` : '';
}

/** "200 (RecordDetailReady, …); 404 (ErrorRecordNotFound); …": every status with its named examples. */
function offer(op: Operation): string {
  return Object.entries(op.responses)
    .map(([status, r]) => {
      const names = Object.keys(r.examples);
      return names.length ? `${status} (${names.join(', ')})` : status;
    })
    .join('; ');
}
