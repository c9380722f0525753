import type { OpenApiDocument } from '@tas/openapi';
import { isObject, type Json, resolveLocal as resolve } from './local-ref.js';

/** The error codes a response's examples show. */
function codesOf(doc: Json, response: Json): string[] {
  const codes = new Set<string>();
  for (const media of Object.values((response.content ?? {}) as Json))
    for (const example of Object.values(((media as Json).examples ?? {}) as Json)) {
      const value = (resolve(doc, example) as Json | undefined)?.value as
        | { messages?: { code?: string }[] }
        | undefined;
      for (const m of value?.messages ?? []) if (m.code) codes.add(m.code);
    }
  return [...codes];
}

/**
 * The rendered copy's error responses each end with links to their codes on errors.html, so a partner
 * reading an operation finds the cause and the fix of each. Shared responses (components) once.
 */
export function withErrorLinks(source: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(source) as unknown as Json;
  const seen = new Set<unknown>();
  const link = (response: unknown) => {
    const target = resolve(doc, response);
    if (!isObject(target) || seen.has(target)) return;
    seen.add(target);
    const codes = codesOf(doc, target);
    if (!codes.length) return;
    const links = codes.map((c) => `[\`${c}\`](errors.html#${c})`).join(', ');
    target.description = `${String(target.description ?? '').trimEnd()}\n\nError codes, with their causes and fixes: ${links}.`;
  };
  for (const item of Object.values((doc.paths ?? {}) as Json))
    for (const op of Object.values(item as Json))
      if (isObject(op) && isObject(op.responses))
        for (const [status, response] of Object.entries(op.responses)) if (Number(status) >= 400) link(response);
  return doc as unknown as OpenApiDocument;
}
