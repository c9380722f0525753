import type { Check } from '../check.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Known paths with a method none of their operations takes: the listing's at the path in effect. */
const casesOf = (listing: string): [method: string, path: string][] => [
  ['DELETE', listing],
  ['PATCH', `/record/${UNKNOWN}/`],
  ['DELETE', `/roadmap/${UNKNOWN}/auth/`],
];

export const unsupportedMethod: Check = {
  id: 'unsupported-method',
  title: 'A known path called with another method is refused in the envelope: 405 with Allow, never 2xx or 5xx',
  statement: 'Response envelope: every response uses the same envelope; Endpoints: the methods of each path',
  kind: 'contract',
  basis: ['/info/x-unmatched-requests'],
  requests: casesOf('').length,
  judges: ['envelope.every-response'],
  async run(ctx) {
    for (const [method, path] of casesOf(ctx.pathOf('listRecords'))) {
      const exchange = await ctx.raw(method, path);
      const { status, headers, json } = exchange.response;
      if (!ctx.expectRefused(exchange, 405, `${method} ${path}`)) continue;
      const inEnvelope = (json as { successful?: unknown } | undefined)?.successful === false;
      ctx.expect(inEnvelope, `${method} ${path}: the refusal is in the envelope (successful false)`, exchange, false);
      if (status === 405)
        ctx.expect(
          Boolean(headers.allow),
          `${method} ${path}: a 405 names the methods it takes in Allow`,
          exchange,
          true,
        );
    }
  },
};
