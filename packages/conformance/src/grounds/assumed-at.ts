import type { ValidationIssue } from '@tas/openapi';
import {
  type Assumption,
  isAssumed,
  type JsonObject,
  type OpenApiDocument,
  pointerEscape,
  pointerGet,
  pointerSegments,
} from '@tas/openapi';

/**
 * Is the schema that judged this value assumed? Walks the description's schema from `root` along the
 * issue's instance path (through $ref, allOf/oneOf/anyOf, properties, items) and asks whether any
 * component schema on the way is marked x-assumed. Ajv's own schemaPath is relative to inlined
 * refs, so it cannot answer this.
 */
export function issueIsAssumed(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  root: string,
  issue: ValidationIssue,
): boolean {
  const segments = pointerSegments(issue.path);
  const missing = /required property '([^']+)'/.exec(issue.message)?.[1];
  if (issue.keyword === 'required' && missing) segments.push(missing);
  const seen = new Set<string>();
  walk(doc, root, segments, seen, new Set());
  return [...seen].some((p) => p.startsWith('/components/schemas/') && isAssumed(assumptions, p));
}

function walk(doc: OpenApiDocument, pointer: string, rest: string[], seen: Set<string>, visited: Set<string>): void {
  const key = `${pointer}|${rest.join('/')}`;
  if (visited.has(key) || visited.size > 500) return;
  visited.add(key);
  seen.add(pointer);
  const node = pointerGet(doc, pointer) as JsonObject | undefined;
  if (!node || typeof node !== 'object') return;
  if (typeof node.$ref === 'string') walk(doc, node.$ref.replace(/^#/, ''), rest, seen, visited);
  for (const combiner of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = node[combiner];
    if (Array.isArray(parts))
      for (let i = 0; i < parts.length; i++) walk(doc, `${pointer}/${combiner}/${i}`, rest, seen, visited);
  }
  const [head, ...tail] = rest;
  if (head === undefined) return;
  const properties = node.properties as JsonObject | undefined;
  if (properties && head in properties) walk(doc, `${pointer}/properties/${pointerEscape(head)}`, tail, seen, visited);
  if (node.items && /^\d+$/.test(head)) walk(doc, `${pointer}/items`, tail, seen, visited);
}
