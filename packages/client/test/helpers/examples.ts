import { loadDescription } from '@tas/openapi';

const doc = loadDescription();

/** A named example of the description (components/examples), so that tests copy no data. */
export function example<T = unknown>(name: string): T {
  const found = doc.components.examples?.[name] as { value?: T } | undefined;
  if (!found || found.value === undefined) throw new Error(`no example ${name} in the description`);
  return structuredClone(found.value);
}

/** The `data` of a named envelope example. */
export function exampleData<T = unknown>(name: string): T {
  return example<{ data: T }>(name).data;
}

/** The status a named error example is documented under (from the responses that list it). */
export function statusOfExample(name: string): number {
  const responses = doc.components.responses as Record<string, { content?: Record<string, { examples?: object }> }>;
  const statuses: Record<string, number> = {
    BadRequest: 400,
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    TooManyRequests: 429,
  };
  for (const [response, status] of Object.entries(statuses))
    if (name in (responses[response]?.content?.['application/json']?.examples ?? {})) return status;
  throw new Error(`example ${name} is not listed by any error response`);
}

export const errorExampleNames = Object.keys(doc.components.examples ?? {}).filter((n) => n.startsWith('Error'));
