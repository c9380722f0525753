// Interface § "Limits" (every row), § "Authentication" and § "Versioning".
import { describe, expect, it } from 'vitest';
import { limitsOf } from '../src/index.js';
import { doc, op, operations, prop, schema } from './helpers.js';

const flat = (s: unknown) => String(s).replace(/\s+/g, ' ');

describe('Limits table', () => {
  it('API rate: 100 per minute and 3,000 per hour; excess returns 429 on all API calls', () => {
    expect(limitsOf(doc)).toMatchObject({ ratePerMinute: 100, ratePerHour: 3000 });
    expect(flat(doc.info.description)).toContain('100 calls per minute and 3,000 per hour; excess answers 429');
    for (const o of operations) expect(o.responses['429'], o.operationId).toBeDefined();
  });
  it('draft_token validity: 5 minutes', () => {
    expect(limitsOf(doc).draftTokenSeconds).toBe(5 * 60);
    expect(flat(schema('DraftToken').description)).toContain('valid 5 minutes');
  });
  it('mobile: 11 digits, starts with 09', () => {
    expect(schema('Mobile')).toMatchObject({ pattern: '^09[0-9]{9}$', minLength: 11, maxLength: 11 });
  });
  it('roles: at least 1 item', () => {
    expect(prop(schema('RoadmapAuthRequest'), 'roles')?.minItems).toBe(1);
  });
  it('profile.name: max 50 characters, Persian letters', () => {
    expect(schema('PersianName')).toMatchObject({ maxLength: 50 });
    expect(String(schema('PersianName').pattern)).toContain('\\u067E'); // پ, a letter only Persian has
  });
  it('profile.external_id: unique per organizer account', () => {
    expect(flat(schema('ExternalId').description)).toContain('unique per organizer account');
    expect(op('POST', '/roadmap/{token}/auth/').responses['409']?.description).toContain('Duplicate `external_id`');
  });
  it('record answers array: length and allowed values validated per test', () => {
    expect(flat(schema('SubmitAnswersRequest').description)).toContain('validated per test');
    expect(op('POST', '/record/{token}/').responses['400']).toBeDefined();
  });
});

describe('Authentication', () => {
  it('every request carries the API-KEY header', () => {
    expect(doc.components.securitySchemes?.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'API-KEY' });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    for (const o of operations) {
      const own = ((doc.paths[o.path] as Record<string, Record<string, unknown>>)[o.method]?.security ??
        doc.security) as unknown[];
      expect(own, o.operationId).toEqual([{ ApiKey: [] }]);
    }
  });
  it('standalone records use /record/{token}/auth/; roadmap records only /roadmap/{token}/auth/', () => {
    expect(flat(doc.info.description)).toContain(
      'Standalone records use `/record/{token}/auth/`; roadmap records use only `/roadmap/{token}/auth/`',
    );
  });
});

describe('Versioning', () => {
  it('the version is part of the path: every endpoint under {base_url}/api/v2', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '{base_url}/api/v2' })]);
    expect(doc.servers?.[0]?.variables?.base_url).toBeDefined();
  });
});
