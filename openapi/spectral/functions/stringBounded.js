// A string schema must be bounded or shaped, so that no field accepts unbounded free input.
export default function stringBounded(schema) {
  const keys = ['maxLength', 'pattern', 'format', 'enum', 'const'];
  return keys.some((k) => k in schema) ? [] : [{ message: 'string has no maxLength, pattern, format, enum or const' }];
}
