// The result of a finished record: its scores per scale.
import { createClient, TasApiError } from '@tas/client';
import { sandboxRecord } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-instant';
const tas = createClient({ baseUrl, apiKey });
// TAS_RECORD; else, on the sandbox, a fresh finished record (sandbox.ts); else the mock's example record.
const token =
  process.env.TAS_RECORD ||
  (await sandboxRecord(baseUrl, apiKey, 'finished')) ||
  '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

try {
  const result = await tas.call('getResult', { path: { token } });
  for (const score of result.scores) console.log(`${score.title}: ${score.raw} / ${score.max}`);
} catch (error) {
  // 409 not_finished: the participant has not submitted yet.
  if (error instanceof TasApiError && error.has('not_finished')) console.log('no result yet');
  else throw error;
}
