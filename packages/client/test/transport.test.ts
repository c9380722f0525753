import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient, type OperationId, TasNetworkError } from '../src/index.js';
import { example, exampleData } from './helpers/examples.js';
import { fakeClock } from './helpers/fake-clock.js';
import { type Answer, fakeFetch } from './helpers/fake-fetch.js';

const token = exampleData<{ token: string }>('RecordDetailReady').token;
const rateLimited = (headers: Record<string, string> = {}): Answer => ({
  status: 429,
  body: example('ErrorRateLimited'),
  headers,
});

function setup(handler: Parameters<typeof fakeFetch>[0], maxRetries = 3) {
  const clock = fakeClock(0);
  const fake = fakeFetch(handler);
  const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch: fake.fetch, clock, maxRetries });
  return { tas, clock, sent: fake.sent };
}

// A dropped connection: the server was there, so a read is worth repeating.
const networkDown = () => {
  throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
};

describe('retries and waits', () => {
  it("waits the 429's Retry-After seconds, then retries", async () => {
    const { tas, clock, sent } = setup((_, i) =>
      i === 0 ? rateLimited({ 'Retry-After': '12' }) : { body: example('RecordDetailReady') },
    );
    await tas.call('getRecord', { path: { token } });
    expect(sent).toHaveLength(2);
    expect(clock.now()).toBe(12_000);
  });

  it('backs off 1 s, 2 s, 4 s when a 429 gives no Retry-After', async () => {
    const { tas, clock, sent } = setup((_, i) => (i < 3 ? rateLimited() : { body: example('RecordDetailReady') }));
    await tas.call('getRecord', { path: { token } });
    expect(sent).toHaveLength(4);
    expect(clock.now()).toBe(7_000);
  });

  it('after the last retry the 429 comes back as an error with its Retry-After', async () => {
    const { tas, sent } = setup(() => rateLimited({ 'Retry-After': '3' }), 2);
    await expect(tas.call('getRecord', { path: { token } })).rejects.toMatchObject({ status: 429, retryAfter: 3 });
    expect(sent).toHaveLength(3);
  });

  it('a submit refused with 429 is retried with the same body: the server did not act on it', async () => {
    const body = example<{ record: (number | string)[] }>('SubmitAnswersMixed');
    const { tas, sent } = setup((_, i) =>
      i === 0 ? rateLimited({ 'Retry-After': '1' }) : { body: example('RecordFinished') },
    );
    await tas.call('submitAnswers', { path: { token }, body });
    expect(sent.map((s) => s.body)).toEqual([body, body]);
  });

  const auth = { body: example('RecordAuthRequest') } as never;
  it.each<[OperationId, object, number]>([
    ['getRecord', { path: { token } }, 4],
    ['listRecords', {}, 4],
    ['submitAnswers', { path: { token }, body: example('SubmitAnswersMixed') }, 1],
    ['authenticateRecord', { path: { token }, ...(auth as object) }, 1],
    ['verifyRecordAuth', { path: { token }, body: example('RecordVerifyRequest') }, 1],
    ['authenticateRoadmap', { path: { token }, body: example('RoadmapAuthTwoRoles') }, 1],
    ['verifyRoadmapAuth', { path: { token }, body: example('RoadmapVerifyRequest') }, 1],
  ])('a network failure of %s is tried %i time(s): only reads are repeated', async (operation, init, tries) => {
    const { tas, sent } = setup(networkDown);
    const error = await (tas.call as (id: OperationId, init: object) => Promise<unknown>)(operation, init).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TasNetworkError);
    expect(error).toMatchObject({ kind: 'network', operation });
    expect((error as Error).message).toContain('ECONNRESET');
    expect(sent).toHaveLength(tries);
  });

  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['an unknown host', { code: 'ENOTFOUND' }],
    ['every address of the host refusing', { errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] }],
  ])('%s is reported at once, even for a read: nothing listens there', async (_, cause) => {
    const { tas, clock, sent } = setup(() => {
      throw new TypeError('fetch failed', { cause });
    });
    const error = await tas.call('getRecord', { path: { token } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', operation: 'getRecord' });
    expect(sent).toHaveLength(1);
    expect(clock.now()).toBe(0);
  });

  it('a real refused connection (a closed port on loopback) is one attempt and names ECONNREFUSED', async () => {
    const port = await closedPort();
    let attempts = 0;
    const tas = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      fetch: (url, init) => {
        attempts++;
        return fetch(url, init);
      },
    });
    const error = await tas.call('getRecord', { path: { token } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TasNetworkError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(attempts).toBe(1);
  });
});

/** A port that was free a moment ago and has nothing listening now. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('time-outs and aborts', () => {
  const hang = (signal: AbortSignal) =>
    new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const hangingClient = (timeoutMs: number) =>
    createClient({
      baseUrl: 'http://tas.test',
      apiKey: 'k',
      timeoutMs,
      fetch: (_url, init) => hang(init.signal as AbortSignal),
    });

  it('a call with no answer in time is a timeout error, not a bare AbortError', async () => {
    const error = await hangingClient(20)
      .call('getRecord', { path: { token } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TasNetworkError);
    expect(error).toMatchObject({ kind: 'timeout', operation: 'getRecord' });
    expect((error as Error).message).toContain('20 ms');
  });

  it('the caller aborts a call in flight', async () => {
    const controller = new AbortController();
    const call = hangingClient(0).call('getRecord', { path: { token }, signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(call).rejects.toMatchObject({ kind: 'aborted', operation: 'getRecord' });
  });

  it('an already aborted signal sends nothing', async () => {
    const { tas, sent } = setup(() => ({ body: example('RecordDetailReady') }));
    const error = await tas
      .call('getRecord', { path: { token }, signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(sent).toHaveLength(0);
  });
});
