// Standalone record, instant mode (organizer with tests_auth_required false): one call authenticates.
import { createClient, startRecordAuth } from '@tas/client';
import { sandboxRecord } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-instant';
const tas = createClient({ baseUrl, apiKey });
// TAS_RECORD; else, on the sandbox, a fresh ready record (sandbox.ts); else the mock's example record.
const token =
  process.env.TAS_RECORD || (await sandboxRecord(baseUrl, apiKey, 'ready')) || '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

// external_id is unique per organizer: a fresh one each run, so that the example runs again.
const started = await startRecordAuth(tas, token, {
  mobile: '09121234567',
  profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true, external_id: Date.now() },
});
if (started.status === 'authenticated') {
  console.log('authenticated at once:', started.record.profile?.case_number);
} else {
  // This organizer verifies by SMS instead: see standalone-sms.ts. The mock answers this way for any
  // key: its first example of the call is SMS mode.
  console.log(`an SMS code was sent; it expires in ${started.codeExpiresIn} s`);
}
