import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of an OpenAPI 3.1 document this package reads; everything else passes through. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string; variables?: Record<string, { default: string }> }[];
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
export type JsonObject = Record<string, unknown>;
export interface PathItem {
  parameters?: JsonObject[];
  [method: string]: unknown;
}

// From dist/lib/ when built; from src/ when this package's own tests run the sources.
const bundled = new URL(
  import.meta.url.includes('/dist/lib/') ? '../openapi.json' : '../dist/openapi.json',
  import.meta.url,
);

/** The bundled description's file, for tools that read a path (Prism). */
export const DESCRIPTION_FILE = fileURLToPath(bundled);

/** Reads the bundled description (dist/openapi.json), the single source every package derives from. */
export function loadDescription(path: URL | string = bundled): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** The path prefix of every operation, from the first server's URL (`{base_url}/api/v2` → `/api/v2`). */
export function basePath(doc: OpenApiDocument): string {
  const url = doc.servers?.[0]?.url ?? '';
  return url.replace(/^\{[^}]+\}/, '').replace(/^https?:\/\/[^/]+/, '');
}

/** Resolves a local `$ref` (`#/components/...`) against the document. */
export function resolveRef<T = JsonObject>(doc: OpenApiDocument, node: unknown): T {
  let current = node as JsonObject;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 20; hops++) {
    const target = pointerGet(doc, (current.$ref as string).replace(/^#/, ''));
    // OpenAPI 3.1: a Reference Object's summary/description override the target's.
    const { $ref: _ref, ...siblings } = current;
    current = { ...(target as JsonObject), ...siblings };
  }
  return current as T;
}

export function pointerGet(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], doc);
}

export function pointerEscape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
