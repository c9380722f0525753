import { createValidator } from '@tas/openapi';
import { API_WANT, describeMalformed, envelopeRefusal } from '@tas/serve/malformed';
import fc from 'fast-check';
import { description } from '../src/description.js';
import { TOKEN, useMock } from './helpers.js';

// The mock meets what any client sends, however malformed: each gets a 4xx in the envelope, and the
// mock keeps serving.
const mock = useMock();
const validator = createValidator(description);

describeMalformed({
  server: 'the mock',
  url: () => mock.url,
  table: {
    prefix: '/api/v2',
    headers: { 'API-KEY': 'any-key' },
    post: `/api/v2/record/${TOKEN}/auth/`,
    get: '/api/v2/record/',
  },
  want: API_WANT,
  stillServing: async () =>
    (await fetch(`${mock.url}/api/v2/record/${TOKEN}/`, { headers: { 'API-KEY': 'any-key' } })).status,
  expectRefusal: envelopeRefusal((body) => validator.validateSchema('ErrorEnvelope', body).issues),
  lines: mock.lines,
  fc,
});
