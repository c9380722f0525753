import { listOperations, loadDescription } from '@tas/openapi';

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

/** The status a named error example is documented under, found in the operations that list it. */
export function statusOfExample(name: string): number {
  for (const operation of listOperations(doc))
    for (const [status, response] of Object.entries(operation.responses))
      if (name in response.examples) return Number(status);
  throw new Error(`example ${name} is not listed by any operation`);
}

export const errorExampleNames = Object.keys(doc.components.examples ?? {}).filter((n) => n.startsWith('Error'));
