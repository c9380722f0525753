import type { Check } from '../check.js';
import { recordsOf } from '../journey/listing.js';
import { dataOf } from '../journey/steps.js';

export const missingApiKey: Check = {
  id: 'missing-api-key',
  title: 'A request without API-KEY is refused (401)',
  statement: 'Authentication 1: every request carries the header API-KEY',
  kind: 'security',
  basis: ['listRecords 401', 'getRecord 401'],
  requests: 3,
  async run(ctx) {
    // A record that exists, so that a server that skips the key shows it (an example token might not).
    const own = await ctx.call('listRecords', { query: { page_size: '1' } });
    const token =
      recordsOf(dataOf(own))[0]?.token ??
      (ctx.operation('getRecord').parameters[0]?.schema.examples as string[] | undefined)?.[0] ??
      '';
    const list = await ctx.call('listRecords', { key: 'none' });
    ctx.expectRefused(list, 401, 'the record listing without API-KEY');
    const record = await ctx.call('getRecord', { key: 'none', params: { token } });
    ctx.expectRefused(record, 401, 'a record without API-KEY');
  },
};
