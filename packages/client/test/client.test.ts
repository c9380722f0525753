import { describe, expect, it } from 'vitest';
import { createClient, TasApiError, TasError, TasResponseError } from '../src/index.js';
import { errorExampleNames, example, exampleData, statusOfExample } from './helpers/examples.js';
import { fakeFetch } from './helpers/fake-fetch.js';

const token = exampleData<{ token: string }>('RecordDetailReady').token;

function client(handler: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(handler);
  return { tas: createClient({ baseUrl: 'http://tas.test/', apiKey: 'key-1', fetch: fake.fetch }), sent: fake.sent };
}

describe('createClient', () => {
  it('sends the API-KEY header and the /api/v2 path with its trailing slash, and gives the typed data', async () => {
    const { tas, sent } = client(() => ({ body: example('RecordDetailReady') }));
    const record = await tas.call('getRecord', { path: { token } });
    expect(record).toEqual(exampleData('RecordDetailReady'));
    expect(record.test.title).toBeTypeOf('string');
    expect(sent[0]?.headers.get('API-KEY')).toBe('key-1');
    expect(sent[0]?.path).toBe(`/api/v2/record/${token}/`);
  });

  it('sends query parameters and JSON bodies as described', async () => {
    const { tas, sent } = client((s) =>
      s.method === 'GET' ? { body: example('RecordPageNewParticipants') } : { body: example('RecordFinished') },
    );
    await tas.call('listRecords', { query: { status: 2, auth_required: true, page_size: 50 } });
    await tas.call('submitAnswers', {
      path: { token },
      body: example<{ record: (string | number)[] }>('SubmitAnswersMixed'),
    });
    expect(Object.fromEntries(sent[0]?.query ?? [])).toEqual({ status: '2', auth_required: 'true', page_size: '50' });
    expect(sent[1]?.headers.get('content-type')).toBe('application/json');
    expect(sent[1]?.body).toEqual(example('SubmitAnswersMixed'));
  });

  it('refuses a missing or empty token before sending anything, naming the parameter', async () => {
    const { tas, sent } = client(() => ({ body: example('RecordDetailReady') }));
    await expect(tas.call('getRecord', { path: { token: '' } })).rejects.toThrow(
      /\/record\/\{token\}\/: the path parameter token is empty/,
    );
    const missing = (process.env as Record<string, string | undefined>).TAS_NO_SUCH_RECORD as string;
    await expect(
      tas.call('authenticateRecord', {
        path: { token: missing },
        body: example<{ mobile: string; profile: { name: string; birth: string; is_male: boolean } }>(
          'RecordAuthRequest',
        ),
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(sent).toEqual([]);
  });

  it('the raw openapi-fetch client shares the key and the errors', async () => {
    const { tas, sent } = client(() => ({ status: 404, body: example('ErrorRoadmapNotFound') }));
    await expect(tas.raw.GET('/roadmap/{token}/', { params: { path: { token } } })).rejects.toBeInstanceOf(TasApiError);
    expect(sent[0]?.headers.get('API-KEY')).toBe('key-1');
  });

  it.each(errorExampleNames.filter((n) => n !== 'ErrorRateLimited'))(
    '%s becomes a TasApiError with its status, messages, operation and path',
    async (name) => {
      const status = statusOfExample(name);
      const { tas } = client(() => ({ status, body: example(name) }));
      const error = await tas.call('getQuestions', { path: { token } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TasApiError);
      const api = error as TasApiError;
      const messages = example<{ messages: TasApiError['messages'] }>(name).messages;
      expect(api).toMatchObject({ kind: 'http', status, messages, operation: 'getQuestions', method: 'GET' });
      expect(api.path).toBe(`/api/v2/record/${token}/questions/`);
      expect(api.has(messages[0]?.code ?? '')).toBe(true);
      expect(api.message).toContain(messages[0]?.code);
    },
  );

  it.each<[string, () => Response, RegExp]>([
    ['an HTML page', () => new Response('<html>Bad gateway</html>', { status: 502 }), /not JSON \(<html>Bad gateway/],
    ['an empty body', () => new Response('', { status: 200 }), /not JSON \(empty body\)/],
    ['JSON without the envelope', () => Response.json({ token: 'x' }), /no `data`/],
    ['an array', () => Response.json([1, 2]), /not an object/],
    [
      'messages that are not messages',
      () => Response.json({ data: {}, successful: false, messages: [1] }),
      /a message lacks `code` or `text`/,
    ],
    [
      'a message without text',
      () => Response.json({ data: {}, successful: false, messages: [{ code: 'x', text: 't' }, { code: 'y' }] }),
      /a message lacks `text`$/,
    ],
    [
      '`messages` not an array',
      () => Response.json({ data: {}, successful: true, messages: {} }),
      /`messages` is not an array/,
    ],
    ['a string `successful`', () => Response.json({ data: {}, successful: 'yes', messages: [] }), /successful/],
  ])('a body that is not the envelope is a TasResponseError: %s', async (_name, answer, reason) => {
    const { tas } = client(answer);
    const error = await tas.call('getRecord', { path: { token } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TasResponseError);
    expect(error).toMatchObject({ kind: 'invalid_response', operation: 'getRecord' });
    expect((error as Error).message).toMatch(reason);
  });

  it('a 200 whose envelope says successful:false is still an error', async () => {
    const { tas } = client(() => ({ status: 200, body: example('ErrorInvalidBody') }));
    await expect(tas.call('getRecord', { path: { token } })).rejects.toMatchObject({ kind: 'http', status: 200 });
  });

  it('every error is a TasError', async () => {
    const { tas } = client(() => ({ status: 404, body: example('ErrorRecordNotFound') }));
    await expect(tas.call('getResult', { path: { token } })).rejects.toBeInstanceOf(TasError);
  });

  it.each([
    ['localhost:4020', 'must start with http:// or https://'],
    ['tas.example.com/api', 'must start with http:// or https://'],
    ['ftp://tas.example.com', 'must start with http:// or https://'],
    ['', 'baseUrl is required'],
  ])('refuses the baseUrl %j at once, saying what it wants', (baseUrl, want) => {
    expect(() => createClient({ baseUrl, apiKey: 'k' })).toThrow(want);
  });

  it.each(['http://localhost:4020', 'https://tas.example.com/', 'http://127.0.0.1:4010'])(
    'accepts the baseUrl %j',
    (baseUrl) => {
      expect(() => createClient({ baseUrl, apiKey: 'k' })).not.toThrow();
    },
  );
});
