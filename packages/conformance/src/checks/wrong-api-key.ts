import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';

export const WRONG_KEY = 'tas-conformance-not-a-key';

export const wrongApiKey: Check = {
  id: 'wrong-api-key',
  title: 'A request with an unknown API-KEY is refused with 401',
  statement: "Authentication 1: API-KEY is the organizer's key, obtained from the organizer panel",
  kind: 'security',
  basis: ['listRecords 401', 'getRecord 401'],
  needs: { ready: 1 },
  requests: 2,
  claims: [
    stated('auth.key.organizer', S.authentication, Q.apiKey, 'a key that names no organizer is refused', [
      accept('listRecords', ['invalid_api_key']),
    ]),
  ],
  judges: ['auth.key.status'],
  async run(ctx) {
    const key = { literal: WRONG_KEY };
    const list = await ctx.call('listRecords', { key });
    ctx.expectRefused(list, 401, 'the record listing with an unknown key');
    const record = await ctx.call('getRecord', { key, params: { token: await ctx.take('ready') } });
    ctx.expectRefused(record, 401, 'an existing record with an unknown key');
  },
};
