// Roadmap, SMS mode: the first call returns a draft_token (valid 5 minutes); verify it with the code.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { authenticateRoadmap, createClient, DraftExpiredError } from '@tas/client';

const tas = createClient({
  baseUrl: process.env.TAS_BASE_URL ?? 'http://localhost:4010',
  apiKey: process.env.TAS_API_KEY ?? 'sandbox-key-sms',
});
const token = process.env.TAS_ROADMAP ?? '9b2e4d71-0c5a-4f3e-8d16-2a7c9e1b5f08';

try {
  const roles = await authenticateRoadmap(
    tas,
    token,
    {
      mobile: '09351234567',
      roles: [
        { id: 1, profile: { name: 'سارا محمدی', birth: '2017-02-11', is_male: false } },
        { id: 2, profile: { name: 'مریم کاظمی', birth: '1988-07-30', is_male: false } },
      ],
    },
    {
      // Ask the participant in your own interface; here the terminal asks, unless TAS_SMS_CODE is set.
      code: async ({ mobile }) => {
        if (process.env.TAS_SMS_CODE) return process.env.TAS_SMS_CODE;
        const terminal = createInterface({ input: stdin, output: stdout });
        return (await terminal.question(`code sent to ${mobile}: `).finally(() => terminal.close())).trim();
      },
    },
  );
  console.log('authenticated roles:', roles.map((r) => r.role_id).join(', '));
} catch (error) {
  // Past 5 minutes the draft is gone: start roadmap authentication again.
  if (error instanceof DraftExpiredError) console.log(error.message);
  else throw error;
}
