import { describe, expect, it } from 'vitest';
import { problemLines } from '../src/live.js';

// What an author reads of an invalid edit (npm start's watch): Redocly's stylish lint, one problem a
// line at its file, line and column, the edited file's first.
const stylish = `validating openapi.yaml using lint rules for api 'main'...
paths/record.yaml:
  27:13  error    no-invalid-media-type-examples  Example validation errored: type must be JSONType.

components/schemas/BirthDate.yaml:
  1:7  error    struct                      \`type\` can be one of the following only: "object".
  1:7  error    struct                      \`type\` can be one of the following only: "object".

openapi.yaml: validated in 1400ms

❌ Validation failed with 3 errors.`;

describe('problemLines', () => {
  it('says each problem once at its file:line:col, the changed file first', () => {
    expect(problemLines(stylish, ['components/schemas/BirthDate.yaml'])).toEqual([
      'components/schemas/BirthDate.yaml:1:7 error struct: `type` can be one of the following only: "object".',
      'paths/record.yaml:27:13 error no-invalid-media-type-examples: Example validation errored: type must be JSONType.',
    ]);
  });

  it("keeps a bundle's own words when the lint found no problem", () => {
    const bundle = 'bundling openapi.yaml...\n[1] components/examples/X.yaml:9:4\nFailed to parse: missed comma';
    expect(problemLines(bundle)).toEqual(['[1] components/examples/X.yaml:9:4', 'Failed to parse: missed comma']);
  });
});
