import { API_WANT, describeMalformed, envelopeRefusal } from '@tas/serve/malformed';
import fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';
import { contracts } from '../src/contracts.js';
import { SMS_KEY, start } from './helpers.js';

// The sandbox meets what any client sends, however malformed: each gets a 4xx in the envelope, and
// it keeps serving. (The answers its handler gives are also checked against the description by setup.ts.)
const [api] = contracts();
if (!api) throw new Error('no API contract');
const lines: string[] = [];
let sandbox: Awaited<ReturnType<typeof start>>;
let record = '';
beforeAll(async () => {
  sandbox = await start({ log: (line) => lines.push(line) });
  record = await sandbox.as(SMS_KEY).record();
});
afterAll(() => sandbox.close());

describeMalformed({
  server: 'the sandbox',
  url: () => sandbox.url,
  table: {
    prefix: '/api/v2',
    headers: { 'API-KEY': SMS_KEY },
    post: '/api/v2/record/3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63/auth/',
    get: '/api/v2/record/',
  },
  want: API_WANT,
  stillServing: async () => (await sandbox.as(SMS_KEY).get(`/api/v2/record/${record}/`)).status,
  expectRefusal: envelopeRefusal((body) => api.validator.validateSchema('ErrorEnvelope', body).issues),
  lines,
  fc,
});
