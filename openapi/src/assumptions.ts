import type { JsonObject, OpenApiDocument } from './description.js';
import { pointerEscape } from './description.js';

export interface Assumption {
  /** JSON pointer of the assumed element in the bundled description. */
  pointer: string;
  /** The sentence after "Assumed:" (or the x-assumed-responses reason). */
  reason: string;
}

/**
 * Every element the description marks as assumed: `x-assumed: true` (reason in its description,
 * after "Assumed:") and each entry of an operation's `x-assumed-responses`.
 */
export function listAssumptions(doc: OpenApiDocument): Assumption[] {
  const out: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as JsonObject;
    if (obj['x-assumed'] === true) out.push({ pointer, reason: reasonOf(String(obj.description ?? '')) });
    const responses = obj['x-assumed-responses'] as Record<string, string> | undefined;
    if (responses) {
      for (const [status, reason] of Object.entries(responses))
        out.push({ pointer: `${pointer}/responses/${status}`, reason });
    }
    for (const [key, child] of Object.entries(obj))
      if (key !== 'x-assumed-responses') walk(child, `${pointer}/${pointerEscape(key)}`);
  };
  walk(doc, '');
  return out;
}

/** Is the element at this pointer, or any element containing it, assumed? */
export function isAssumed(assumptions: Assumption[], pointer: string): boolean {
  return assumptions.some((a) => pointer === a.pointer || pointer.startsWith(`${a.pointer}/`));
}

function reasonOf(description: string): string {
  const at = description.indexOf('Assumed:');
  const text = at >= 0 ? description.slice(at + 'Assumed:'.length) : description;
  return text.replace(/\s+/g, ' ').trim();
}
