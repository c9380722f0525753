import { type JsonObject, loadDescription } from '@tas/openapi';

/** The bundled description, read once: the sandbox's seed reuses its named examples. */
export const description = loadDescription();

/** `data` of a named example of the description (components/examples/<name>). */
export function exampleData<T = JsonObject>(name: string): T {
  const example = description.components.examples?.[name] as { value?: { data?: unknown } } | undefined;
  if (!example?.value?.data) throw new Error(`the description has no example ${name} with data`);
  return structuredClone(example.value.data) as T;
}
