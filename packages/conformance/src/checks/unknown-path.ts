import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';

const PATHS = ['/no-such-resource/', '/record/00000000-0000-4000-8000-000000000000/no-such-action/'];

export const unknownPath: Check = {
  id: 'unknown-path',
  title: 'A path the API does not have answers 404 in the envelope, never 2xx or 5xx',
  statement: 'Response envelope: every response uses the same envelope (data, successful, messages)',
  kind: 'contract',
  basis: ['/info/x-unmatched-requests'],
  requests: PATHS.length,
  claims: [
    stated('version.path', S.versioning, Q.version, 'every path is under `/api/v2/`: one it does not have is refused', [
      accept('*', ['not_found']),
    ]),
  ],
  judges: ['envelope.every-response'],
  async run(ctx) {
    for (const path of PATHS) {
      const exchange = await ctx.raw('GET', path);
      if (!ctx.expectRefused(exchange, 404, `GET ${path}`)) continue;
      const inEnvelope = (exchange.response.json as { successful?: unknown } | undefined)?.successful === false;
      ctx.expect(inEnvelope, `GET ${path}: the refusal is in the envelope (successful false)`, exchange, false);
    }
  },
};
