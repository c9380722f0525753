import { describe, expect, it } from 'vitest';
import { authenticateRecord, createClient, TasApiError, type TestRecord } from '../../src/index.js';
import { example, exampleData } from '../helpers/examples.js';
import { fakeFetch } from '../helpers/fake-fetch.js';
import { preferExample, useMock } from '../helpers/mock.js';

const token = exampleData<{ token: string }>('RecordDetailReady').token;
const body = example<Parameters<typeof authenticateRecord>[2]>('RecordAuthRequest');

describe('authenticateRecord with an injected fetch (a stateful server in miniature)', () => {
  it('instant mode: one call, the authenticated record, no code asked', async () => {
    const { fetch, sent } = fakeFetch(() => ({ body: example('RecordAuthCompletedInstant') }));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'sandbox-key-instant', fetch });
    let asked = false;
    const code = () => {
      asked = true;
      return '00000';
    };
    const record = await authenticateRecord(tas, token, body, { code });
    expect(record).toEqual(exampleData<{ record: TestRecord }>('RecordAuthCompletedInstant').record);
    expect(asked).toBe(false);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /api/v2/record/${token}/auth/`]);
    expect(sent[0]?.body).toEqual(body);
  });

  it('SMS mode: start, the callback supplies the code, verify sends it', async () => {
    const { fetch, sent } = fakeFetch((s) =>
      s.method === 'POST' ? { body: example('RecordAuthPendingSms') } : { body: example('RecordAuthenticated') },
    );
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'sandbox-key-sms', fetch });
    const seen: unknown[] = [];
    const record = await authenticateRecord(tas, token, body, {
      code: (sent) => {
        seen.push(sent);
        return '48213';
      },
    });
    expect(record.auth_required).toBe(false);
    expect(seen).toEqual([{ token, mobile: body.mobile, expiresInSeconds: 120 }]);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `POST /api/v2/record/${token}/auth/`,
      `PUT /api/v2/record/${token}/auth/verify/`,
    ]);
    expect(sent[1]?.body).toEqual({ code: '48213' });
  });

  it('SMS mode without a code callback says what is missing', async () => {
    const { fetch } = fakeFetch(() => ({ body: example('RecordAuthPendingSms') }));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    await expect(authenticateRecord(tas, token, body)).rejects.toMatchObject({
      kind: 'sms_code_required',
      message: expect.stringContaining('`code` callback'),
    });
  });

  it('a wrong code comes back as the typed API error', async () => {
    const { fetch } = fakeFetch((s) =>
      s.method === 'POST'
        ? { body: example('RecordAuthPendingSms') }
        : { status: 400, body: example('ErrorWrongCode') },
    );
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    const error = await authenticateRecord(tas, token, body, { code: () => '11111' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TasApiError);
    expect((error as TasApiError).has('wrong_code')).toBe(true);
  });
});

describe('authenticateRecord against the mock', () => {
  const mock = useMock();

  it('SMS mode (the mock answers as an SMS organizer)', async () => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'sandbox-key-sms' });
    const record = await authenticateRecord(tas, token, body, { code: () => '48213' });
    expect(record.auth_required).toBe(false);
  });

  it('instant mode (the mock asked for its instant example)', async () => {
    const tas = createClient({
      baseUrl: mock.url,
      apiKey: 'sandbox-key-instant',
      fetch: preferExample('RecordAuthCompletedInstant'),
    });
    const record = await authenticateRecord(tas, token, body);
    expect(record.profile?.name).toBeTypeOf('string');
  });

  it("the mock's 400 for a bad profile is a typed error naming the field", async () => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'k' });
    const bad = { ...body, profile: { ...body.profile, name: 'Ali' } };
    const error = await authenticateRecord(tas, token, bad, { code: () => '48213' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 400, operation: 'authenticateRecord' });
    expect((error as TasApiError).messages[0]?.field).toBe('/profile/name');
  });
});
