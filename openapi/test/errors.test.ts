// Interface § "Errors" (every row of each table), § "Authentication" (401) and § "Limits" (429 everywhere).
import { describe, expect, it } from 'vitest';
import { description, op, operations } from './helpers.js';

describe('error tables: each status on its operation, its cause written where partners read it', () => {
  it.each([
    ['POST', '/roadmap/{token}/auth/', '400', 'age/gender mismatch'],
    ['POST', '/roadmap/{token}/auth/', '400', 'mobile duplicate limit reached (SMS mode only)'],
    ['POST', '/roadmap/{token}/auth/', '404', 'roadmap not found or already finished'],
    ['POST', '/roadmap/{token}/auth/', '409', 'duplicate `external_id` for this organizer account'],
    ['POST', '/roadmap/{token}/auth/', '409', 'authentication attempted again'],
    ['POST', '/roadmap/{token}/auth/', '429', 'rate limit exceeded'],
    ['GET', '/record/{token}/questions/', '403', 'profile authentication, payment or vip prerequisite not met'],
    ['GET', '/record/{token}/questions/', '404', 'test record not found'],
    ['GET', '/record/{token}/questions/', '409', 'record already completed'],
    ['POST', '/record/{token}/auth/', '409', 'belongs to a roadmap'],
  ])('%s %s → %s: %s', (method, path, status, cause) => {
    const o = op(method, path);
    const response = o.responses[status];
    expect(response, `${status} is documented`).toBeDefined();
    expect(response?.assumed, `${status} is stated, not assumed`).toBe(false);
    const text = `${response?.description} ${description(o)}`.toLowerCase().replace(/\s+/g, ' ');
    expect(text).toContain(cause.toLowerCase());
  });
});

describe('on every operation', () => {
  it.each(operations.map((o) => [o.operationId, o] as const))(
    '%s answers 401 without a valid API-KEY (assumed)',
    (_, o) => {
      expect(o.responses['401']?.assumed).toBe(true);
    },
  );
  it.each(operations.map((o) => [o.operationId, o] as const))('%s answers 429 with a Retry-After header', (_, o) => {
    expect(o.responses['429']?.headers['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer' } });
  });
  it.each(operations.map((o) => [o.operationId, o] as const))('%s answers every error in the envelope', (_, o) => {
    for (const [status, response] of Object.entries(o.responses)) {
      if (status.startsWith('4'))
        expect(response.schemaPointer).toMatch(/ErrorEnvelope$|components\/responses\/\w+\/content/);
    }
  });
});
