import { loadDescription, type OpenApiDocument } from '@tas/openapi';

/** The bundled description the mock answers from (Prism reads its own copy by path); a live reload swaps it. */
export let description: OpenApiDocument = loadDescription();

export function useDescription(doc: OpenApiDocument): void {
  description = doc;
}
