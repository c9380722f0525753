// Checking a request stops at its first faults: however a body within the byte bound is built, the
// check lists at most DETAIL_NODES faults (every one only for a body of that many nodes), so its
// cost follows the body's bytes. Listing every fault of 8,000 nulls took 2.5 s (Ajv's allErrors
// copies each item's errors onto all before). The cost per KiB is printed by `npm run bench`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT, createValidator, DETAIL_NODES, isRefusal } from '../src/index.js';
import { checkBody, costlyBody, FILLERS, sitesOf } from './costly-bodies.js';
import { doc, operations } from './helpers.js';

const validator = createValidator(doc);
const withBodies = operations.filter((o) => o.requestBody);
function check(operationId: string, text: string) {
  const operation = withBodies.find((o) => o.operationId === operationId);
  if (!operation) throw new Error(operationId);
  return checkBody(validator, operation, text);
}

describe('a request check stops at its first faults', () => {
  it('8,000 nulls in an answer array: one fault, the array too long', () => {
    const refused = check('submitAnswers', JSON.stringify({ record: Array(8000).fill(null) }));
    expect(isRefusal(refused) && refused.messages).toEqual([
      expect.objectContaining({ field: '/record', text: expect.stringContaining('1000 items') }),
    ]);
  });

  it('a small body is still told every fault', () => {
    const refused = check('submitAnswers', JSON.stringify({ record: [null, 'ok', null], extra: 1 }));
    expect(isRefusal(refused) && refused.messages.map((m) => m.field).sort()).toEqual([
      '/extra',
      '/record/0',
      '/record/2',
    ]);
  });

  it('any body of any operation, built to cost the most, within the byte bound', () => {
    const cases = fc.oneof(
      ...withBodies.map((o) =>
        fc.record({
          operationId: fc.constant(o.operationId),
          site: fc.constantFrom(...sitesOf(Object.values(o.requestBody?.examples ?? {})[0])),
          filler: fc.constantFrom(...FILLERS),
          bytes: fc.integer({ min: 1024, max: BODY_LIMIT }),
        }),
      ),
    );
    fc.assert(
      fc.property(cases, ({ operationId, site, filler, bytes }) => {
        const operation = withBodies.find((o) => o.operationId === operationId);
        const text = costlyBody(operation as (typeof withBodies)[number], site, filler, bytes);
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(BODY_LIMIT);
        const checked = check(operationId, text);
        if (isRefusal(checked)) expect(checked.messages.length).toBeLessThanOrEqual(DETAIL_NODES);
      }),
      { numRuns: 60, seed: 43 },
    );
  });
});
