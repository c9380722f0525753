// Standalone record, SMS mode (tests_auth_required true): start, then verify with the participant's code.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { authenticateRecord, createClient } from '@tas/client';
import { runMobile, sandboxRecord } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-sms';
const tas = createClient({ baseUrl, apiKey });
// TAS_RECORD; else, on the sandbox, a fresh ready record (sandbox.ts); else the mock's example record.
const token =
  process.env.TAS_RECORD || (await sandboxRecord(baseUrl, apiKey, 'ready')) || '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

const record = await authenticateRecord(
  tas,
  token,
  { mobile: runMobile(), profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true } },
  {
    // Ask the participant in your own interface; here the terminal asks, unless TAS_SMS_CODE is set.
    code: async ({ mobile, expiresInSeconds }) => {
      console.log(`code sent to ${mobile}, valid ${expiresInSeconds} s`);
      if (process.env.TAS_SMS_CODE) return process.env.TAS_SMS_CODE;
      const terminal = createInterface({ input: stdin, output: stdout });
      return (await terminal.question('code: ').finally(() => terminal.close())).trim();
    },
  },
);
console.log('authenticated:', !record.auth_required);
