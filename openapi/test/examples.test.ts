// Every named example validates against its schema with Ajv's JSON Schema 2020-12 build.
import { describe, expect, it } from 'vitest';
import { createValidator } from '../src/index.js';
import { doc, op, operations } from './helpers.js';

const validator = createValidator(doc);
const requestExamples = operations.flatMap((o) =>
  Object.entries(o.requestBody?.examples ?? {}).map(
    ([name, value]) => [`${o.operationId} request ${name}`, o, value] as const,
  ),
);
const responseExamples = operations.flatMap((o) =>
  Object.entries(o.responses).flatMap(([status, r]) =>
    Object.entries(r.examples).map(
      ([name, value]) => [`${o.operationId} ${status} ${name}`, o, Number(status), value] as const,
    ),
  ),
);

describe('every example is valid', () => {
  it.each(requestExamples)('%s', (_, o, value) => {
    expect(validator.validateRequestBody(o, value).issues).toEqual([]);
  });
  it.each(responseExamples)('%s', (_, o, status, value) => {
    expect(validator.validateResponse(o, status, value).issues).toEqual([]);
  });
  it('every request body and every response has at least one example', () => {
    for (const o of operations) {
      if (o.requestBody) expect(Object.keys(o.requestBody.examples).length, o.operationId).toBeGreaterThan(0);
      for (const [status, r] of Object.entries(o.responses))
        expect(Object.keys(r.examples).length, `${o.operationId} ${status}`).toBeGreaterThan(0);
    }
  });
  it('every example in components is used by some operation', () => {
    const used = new Set(JSON.stringify(doc.paths).match(/#\/components\/examples\/\w+/g));
    const viaResponses = new Set(JSON.stringify(doc.components.responses).match(/#\/components\/examples\/\w+/g));
    for (const name of Object.keys(doc.components.examples ?? {})) {
      expect(used.has(`#/components/examples/${name}`) || viaResponses.has(`#/components/examples/${name}`), name).toBe(
        true,
      );
    }
  });
});

describe('an invalid example is caught', () => {
  const getRecord = op('GET', '/record/{token}/');
  const submit = op('POST', '/record/{token}/');
  const ready = getRecord?.responses['200']?.examples.RecordDetailReady as { data: Record<string, unknown> };
  it.each([
    ['status outside 0/1/2', { ...ready, data: { ...ready.data, status: 3 } }, 'enum'],
    ['token not a UUID', { ...ready, data: { ...ready.data, token: 'abc' } }, 'format'],
    ['a required field missing', { ...ready, data: { ...ready.data, is_finished: undefined } }, 'required'],
    ['successful false on a success response', { ...ready, successful: false }, 'const'],
  ])('Record example with %s', (_, value, keyword) => {
    const result = validator.validateResponse(getRecord, 200, JSON.parse(JSON.stringify(value)));
    expect(result.valid).toBe(false);
    expect(result.issues.map((i) => i.keyword)).toContain(keyword);
  });
  it('a submission with an answer that is neither an option id nor a string', () => {
    expect(validator.validateRequestBody(submit, { record: [101, true] }).valid).toBe(false);
  });
  it('every format used in the description is known to the validator', () => {
    const formats = new Set(
      JSON.stringify(doc)
        .match(/"format":"[^"]+"/g)
        ?.map((f) => f.slice(10, -1)),
    );
    for (const f of formats) expect(validator.ajv.formats[f], f).toBeDefined();
  });
});
