import type { Check } from '../check.js';

export const missingApiKey: Check = {
  id: 'missing-api-key',
  title: 'A request without API-KEY is refused with 401',
  statement: 'Authentication 1: every request carries the header API-KEY',
  kind: 'security',
  basis: ['listRecords 401', 'getRecord 401'],
  requests: 2,
  async run(ctx) {
    const list = await ctx.call('listRecords', { key: 'none' });
    ctx.expectStatus(list, 401, 'the record listing without API-KEY');
    const record = await ctx.call('getRecord', { key: 'none', params: { token: await anyToken(ctx) } });
    ctx.expectStatus(record, 401, 'a record without API-KEY');
  },
};

async function anyToken(ctx: Parameters<Check['run']>[0]): Promise<string> {
  return (ctx.operation('getRecord').parameters[0]?.schema.examples as string[] | undefined)?.[0] ?? '';
}
