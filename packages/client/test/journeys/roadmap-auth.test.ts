import { describe, expect, it } from 'vitest';
import {
  authenticateRoadmap,
  createClient,
  DRAFT_VALIDITY_MS,
  DraftExpiredError,
  type RoleProfile,
  startRoadmapAuth,
} from '../../src/index.js';
import { example, exampleData } from '../helpers/examples.js';
import { fakeClock } from '../helpers/fake-clock.js';
import { fakeFetch, type Sent } from '../helpers/fake-fetch.js';
import { preferExample, useMock } from '../helpers/mock.js';

const token = exampleData<{ token: string }>('RoadmapReady').token;
const body = example<Parameters<typeof authenticateRoadmap>[2]>('RoadmapAuthTwoRoles');
const smsServer = (verify: () => { status?: number; body: unknown }) => (s: Sent) =>
  s.method === 'POST' ? { body: example('RoadmapAuthPendingSms') } : verify();

describe('roadmap authentication with an injected fetch', () => {
  it('instant mode: every role is authenticated in one call', async () => {
    const { fetch, sent } = fakeFetch(() => ({ body: example('RoadmapAuthCompletedInstant') }));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'sandbox-key-instant', fetch });
    const roles = await authenticateRoadmap(tas, token, body);
    expect(roles).toEqual(exampleData<{ roles: RoleProfile[] }>('RoadmapAuthCompletedInstant').roles);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual(body);
  });

  it('SMS mode: the draft_token and the code go to verify, which returns every role', async () => {
    const { fetch, sent } = fakeFetch(smsServer(() => ({ body: example('RoadmapVerified') })));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'sandbox-key-sms', fetch });
    const roles = await authenticateRoadmap(tas, token, body, { code: () => '48213' });
    expect(roles.map((r) => r.role_id)).toEqual(body.roles.map((r) => r.id));
    const draft = exampleData<{ draft_token: string }>('RoadmapAuthPendingSms').draft_token;
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      path: `/api/v2/roadmap/${token}/auth/verify/`,
      body: { draft_token: draft, code: '48213' },
    });
  });

  it('a verify after 5 minutes fails with DraftExpiredError before sending anything', async () => {
    const clock = fakeClock();
    const { fetch, sent } = fakeFetch(smsServer(() => ({ body: example('RoadmapVerified') })));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch, clock });
    const started = await startRoadmapAuth(tas, token, body);
    if (started.status !== 'code_sent') throw new Error('expected the SMS mode');
    clock.time += DRAFT_VALIDITY_MS;
    const error = await started.verify('48213').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftExpiredError);
    expect(error).toMatchObject({ kind: 'draft_expired', operation: 'verifyRoadmapAuth' });
    expect((error as Error).message).toMatch(/draft_token expired \(valid 5 minutes/);
    expect(sent).toHaveLength(1);
  });

  it("the server's draft_expired answer becomes the same DraftExpiredError", async () => {
    const { fetch } = fakeFetch(smsServer(() => ({ status: 400, body: example('ErrorDraftExpired') })));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    const error = await authenticateRoadmap(tas, token, body, { code: () => '48213' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftExpiredError);
    expect((error as DraftExpiredError).cause).toMatchObject({ status: 400 });
  });

  it('SMS mode without a code callback says what is missing', async () => {
    const { fetch } = fakeFetch(smsServer(() => ({ body: example('RoadmapVerified') })));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    await expect(authenticateRoadmap(tas, token, body)).rejects.toMatchObject({ kind: 'sms_code_required' });
  });
});

describe('roadmap authentication against the mock', () => {
  const mock = useMock();

  it('SMS mode', async () => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'sandbox-key-sms' });
    const roles = await authenticateRoadmap(tas, token, body, { code: () => '48213' });
    expect(roles.length).toBeGreaterThan(0);
  });

  it('instant mode', async () => {
    const fetch = preferExample('RoadmapAuthCompletedInstant');
    const tas = createClient({ baseUrl: mock.url, apiKey: 'sandbox-key-instant', fetch });
    const roles = await authenticateRoadmap(tas, token, body);
    expect(roles[0]?.profile.case_number).toBeTypeOf('string');
  });
});
