// The journeys' calls are typed from the description: `npm run typecheck` (tsc) fails when they are not.
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckContext } from '../src/check.js';
import type { OperationId, RequestBody, Schemas, Unchecked } from '../src/described.js';

/** Never run: tsc checks each call (an @ts-expect-error that is no error fails the typecheck). */
export function calls(ctx: CheckContext) {
  // @ts-expect-error no operation of that id in the description
  void ctx.call('getRecords', { params: { token: 't' } });
  // @ts-expect-error the body of verifyRecordAuth is the description's RecordVerifyRequest
  void ctx.call('verifyRecordAuth', { params: { token: 't' }, body: { sms: '1' } });
  // @ts-expect-error getRecord takes no body
  void ctx.call('getRecord', { params: { token: 't' }, body: {} });
  // @ts-expect-error getRecord's path parameter is token
  void ctx.call('getRecord', { params: { id: 't' } });
  void ctx.call('verifyRecordAuth', { params: { token: 't' }, body: { code: '12345' } });
}

describe('the types of the journeys', () => {
  it('name the operationIds and the request bodies of the description', () => {
    expectTypeOf<'getRecord'>().toExtend<OperationId>();
    expectTypeOf<'getRecords'>().not.toExtend<OperationId>();
    expectTypeOf<RequestBody<'verifyRecordAuth'>>().toEqualTypeOf<Schemas['RecordVerifyRequest']>();
    expectTypeOf<RequestBody<'getRecord'>>().toBeNever();
  });

  it("leave an answer's values unknown until they are read", () => {
    type Record = NonNullable<Unchecked<Schemas['RecordDetail']>>;
    expectTypeOf<Record['status']>().toBeUnknown();
    expectTypeOf<keyof Record>().toEqualTypeOf<keyof Schemas['RecordDetail']>();
  });
});
