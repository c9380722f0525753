// An envelope schema: data, successful and messages, directly or through allOf members.
export default function envelope(schema) {
  const parts = [schema, ...(schema?.allOf ?? [])];
  const props = new Set(parts.flatMap((p) => Object.keys(p?.properties ?? {})));
  const required = new Set(parts.flatMap((p) => p?.required ?? []));
  const missing = ['data', 'successful', 'messages'].filter((k) => !props.has(k) || !required.has(k));
  return missing.length ? [{ message: `response schema lacks the envelope field(s): ${missing.join(', ')}` }] : [];
}
