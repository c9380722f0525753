import type { JsonObject, OpenApiDocument } from './description.js';
import { stepsOf } from './normalise.js';
import { pointerEscape, resolveRef } from './pointer.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonObject;
  /** JSON pointer of the parameter's schema inside the description. */
  schemaPointer: string;
  assumed: boolean;
  /** The steps a server takes on the value before validating it (`x-normalise`), in order. */
  normalise: string[];
}

export interface ResponseSpec {
  status: string;
  description: string;
  /** JSON pointer of the response body schema, when there is one. */
  schemaPointer?: string;
  headers: Record<string, { required: boolean; schema: JsonObject }>;
  examples: Record<string, unknown>;
  /** The status is our assumption (x-assumed on the response, or listed in x-assumed-responses). */
  assumed: boolean;
}

export interface Operation {
  operationId: string;
  method: Method;
  /** The path as written in the description, e.g. `/record/{token}/`. */
  path: string;
  pointer: string;
  summary: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { required: boolean; schemaPointer: string; examples: Record<string, unknown> };
  responses: Record<string, ResponseSpec>;
  assumed: boolean;
  matcher: RegExp;
}

/** Every operation of the description, with its references resolved. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const pointer = `/paths/${pointerEscape(path)}/${method}`;
      const assumedResponses = (op['x-assumed-responses'] ?? {}) as Record<string, string>;
      const itemPointer = `/paths/${pointerEscape(path)}`;
      const raws = [
        ...(item.parameters ?? []).map((p, i) => [p, `${itemPointer}/parameters/${i}`] as const),
        ...((op.parameters as JsonObject[]) ?? []).map((p, i) => [p, `${pointer}/parameters/${i}`] as const),
      ];
      const params = raws.map(([p, at]): JsonObject & { pointer: string } => ({
        ...resolveRef<JsonObject>(doc, p),
        pointer: typeof p.$ref === 'string' ? p.$ref.replace(/^#/, '') : at,
      }));
      const body = op.requestBody ? resolveRef<JsonObject>(doc, op.requestBody) : undefined;
      const bodyMedia = (body?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
      out.push({
        operationId: op.operationId as string,
        method,
        path,
        pointer,
        summary: (op.summary as string) ?? '',
        tags: (op.tags as string[]) ?? [],
        parameters: params.map((p) => ({
          name: p.name as string,
          in: p.in as Parameter['in'],
          required: Boolean(p.required),
          schema: resolveRef(doc, p.schema),
          schemaPointer: `${p.pointer}/schema`,
          assumed: p['x-assumed'] === true,
          normalise: stepsOf(resolveRef(doc, p.schema), `${p.pointer}/schema`),
        })),
        requestBody: bodyMedia
          ? {
              required: Boolean(body?.required),
              schemaPointer: `${refOr(op.requestBody, `${pointer}/requestBody`)}/content/application~1json/schema`,
              examples: examplesOf(doc, bodyMedia),
            }
          : undefined,
        responses: Object.fromEntries(
          Object.entries(op.responses as JsonObject).map(([status, raw]) => {
            const r = resolveRef<JsonObject>(doc, raw);
            const media = (r.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
            const headers = Object.fromEntries(
              Object.entries((r.headers as JsonObject) ?? {}).map(([name, h]) => {
                const header = resolveRef<JsonObject>(doc, h);
                return [
                  name,
                  { required: Boolean(header.required), schema: resolveRef<JsonObject>(doc, header.schema) },
                ];
              }),
            );
            const spec: ResponseSpec = {
              status,
              description: (r.description as string) ?? '',
              schemaPointer: media
                ? `${refOr(raw, `${pointer}/responses/${status}`)}/content/application~1json/schema`
                : undefined,
              headers,
              examples: media ? examplesOf(doc, media) : {},
              assumed:
                (raw as JsonObject)['x-assumed'] === true || r['x-assumed'] === true || status in assumedResponses,
            };
            return [status, spec];
          }),
        ),
        assumed: op['x-assumed'] === true,
        matcher: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
      });
    }
  }
  return out;
}

/** Where an element really sits: its $ref target, or the place it is written. */
function refOr(node: unknown, at: string): string {
  const ref = (node as JsonObject | undefined)?.$ref;
  return typeof ref === 'string' ? ref.replace(/^#/, '') : at;
}

function examplesOf(doc: OpenApiDocument, media: JsonObject): Record<string, unknown> {
  const examples = (media.examples ?? {}) as JsonObject;
  return Object.fromEntries(
    Object.entries(examples).map(([name, ex]) => [name, resolveRef<JsonObject>(doc, ex).value]),
  );
}

export interface Match {
  operation: Operation;
  params: Record<string, string>;
}

/**
 * Finds the operation for a method and a path relative to the base path (`/record/abc/`).
 * Returns `undefined` for an unknown path, and `{ operation: undefined }`-free `null` when the path
 * exists but not with this method, so that callers can answer 404 and 405 apart.
 */
export function matchOperation(operations: Operation[], method: string, path: string): Match | null | undefined {
  const wanted = method.toLowerCase();
  for (const operation of operations) {
    if (operation.method !== wanted) continue;
    const m = operation.matcher.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const name in m.groups) params[name] = decodeURIComponent(m.groups[name] as string);
    return { operation, params };
  }
  // Servers call this on every request; the 404-or-405 question is asked only on a miss.
  return operations.some((o) => o.matcher.test(path)) ? null : undefined;
}
