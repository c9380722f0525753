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
