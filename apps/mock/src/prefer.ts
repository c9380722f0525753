import type { Operation } from '@tas/openapi';
import type { Message } from './envelope.js';

export interface Preferences {
  code?: string;
  example?: string;
  dynamic?: string;
}

/** `Prefer: code=409, example=ErrorRoadmapRecord` (RFC 7240): the preferences the mock reads, lower-cased names. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const out: Record<string, string> = {};
  // Parameters after `;` belong to the preference before them (RFC 7240); the mock reads none.
  for (const part of text.split(',').map((p) => p.split(';')[0] ?? '')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    const value =
      at < 0
        ? ''
        : part
            .slice(at + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (name && !(name in out)) out[name] = value;
  }
  return { code: out.code, example: out.example, dynamic: out.dynamic };
}

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
  const { code, example, dynamic } = prefer;
  if (dynamic !== undefined && dynamic !== 'true' && dynamic !== 'false')
    return refuse(`dynamic=${dynamic} is neither true nor false`);
  if (code !== undefined && !(code in op.responses)) return refuse(`code=${code} is not one of its statuses`);
  if (example === undefined) return undefined;
  if (code !== undefined) {
    if (example in (op.responses[code]?.examples ?? {})) return undefined;
    return refuse(`example=${example} is not an example of its ${code} answer${elsewhere(op, example)}`);
  }
  // Without a code Prism looks for the example in the success answer only.
  const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
  if (success && example in (op.responses[success]?.examples ?? {})) return undefined;
  const other = statusOf(op, example);
  if (other) return refuse(`example=${example} is a ${other} answer: send Prefer: code=${other}, example=${example}`);
  return refuse(`example=${example} is not one of its examples`);
}

function statusOf(op: Operation, example: string): string | undefined {
  return Object.entries(op.responses).find(([, r]) => example in r.examples)?.[0];
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
