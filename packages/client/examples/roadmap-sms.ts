// Roadmap, SMS mode: the first call returns a draft_token (valid 5 minutes); verify it with the code.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { authenticateRoadmap, createClient, DraftExpiredError } from '@tas/client';
import { runMobile, sandboxRoadmap } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-sms';
const tas = createClient({ baseUrl, apiKey });
// TAS_ROADMAP; else, on the sandbox, a fresh roadmap (sandbox.ts); else the mock's example roadmap.
const token =
  process.env.TAS_ROADMAP || (await sandboxRoadmap(baseUrl, apiKey)) || '9b2e4d71-0c5a-4f3e-8d16-2a7c9e1b5f08';

// The role IDs come from the roadmap itself.
const roadmap = await tas.call('getRoadmap', { path: { token } });
console.log('roles:', roadmap.roles.map((role) => `${role.id} ${role.title}`).join(', '));
const child = { name: 'سارا محمدی', birth: '2017-02-11', is_male: false };
const parent = { name: 'مریم کاظمی', birth: '1988-07-30', is_male: false };
const roles = [
  { id: 1, profile: child },
  { id: 2, profile: parent },
];

try {
  // Ask the participant in your own interface; here the terminal asks, unless TAS_SMS_CODE is set.
  const code = async ({ mobile }: { mobile: string }) => {
    if (process.env.TAS_SMS_CODE) return process.env.TAS_SMS_CODE;
    const terminal = createInterface({ input: stdin, output: stdout });
    return (await terminal.question(`code sent to ${mobile}: `).finally(() => terminal.close())).trim();
  };
  const authenticated = await authenticateRoadmap(tas, token, { mobile: runMobile(), roles }, { code });
  console.log('authenticated roles:', authenticated.map((r) => r.role_id).join(', '));
} catch (error) {
  // Past 5 minutes the draft is gone: start roadmap authentication again.
  if (error instanceof DraftExpiredError) console.log(error.message);
  else throw error;
}
