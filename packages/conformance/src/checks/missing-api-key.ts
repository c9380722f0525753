import type { Check } from '../check.js';
import { accept, assumed, stated } from '../claims/make.js';
import { recordsOf } from '../journey/listing.js';
import { dataOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const missingApiKey: Check = {
  id: 'missing-api-key',
  title: 'A request without API-KEY is refused (401)',
  statement: 'Authentication 1: every request carries the header API-KEY',
  kind: 'security',
  basis: ['listRecords 401', 'getRecord 401'],
  requests: 3,
  grounds: [
    {
      part: 'a call without a key, or with one that names no organizer: refused (a 2xx is a failure)',
      ground: { quotes: [Q.apiKey] },
    },
    {
      part: 'the status of that refusal (401)',
      ground: { assumed: 'the description chose 401', quotes: [Q.noKeyBehaviour] },
    },
  ],
  claims: [
    stated('auth.key.required', S.authentication, Q.apiKey, 'a request without `API-KEY` is refused', [
      accept('listRecords', ['missing_api_key']),
    ]),
    assumed(
      'auth.key.status',
      S.authentication,
      Q.noKeyBehaviour,
      'the status of that refusal (the description chose 401)',
      [],
      {
        noBreach:
          'another 4xx is a conformant choice: the suite is tested against a deployment that answers 403 for a key (it passes) and one that answers 2xx (it fails)',
      },
    ),
  ],
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
