// Roadmap, instant mode: one call registers a profile for every role and links it to the role's records.
import { createClient, startRoadmapAuth } from '@tas/client';
import { sandboxRoadmap } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-instant';
const tas = createClient({ baseUrl, apiKey });
// TAS_ROADMAP; else, on the sandbox, a fresh roadmap (sandbox.ts); else the mock's example roadmap.
const token =
  process.env.TAS_ROADMAP || (await sandboxRoadmap(baseUrl, apiKey)) || '9b2e4d71-0c5a-4f3e-8d16-2a7c9e1b5f08';

// The role IDs come from the roadmap itself.
const roadmap = await tas.call('getRoadmap', { path: { token } });
console.log('roles:', roadmap.roles.map((role) => `${role.id} ${role.title}`).join(', '));

const started = await startRoadmapAuth(tas, token, {
  mobile: '09351234567',
  roles: [
    { id: 1, profile: { name: 'سارا محمدی', birth: '2017-02-11', is_male: false } },
    { id: 2, profile: { name: 'مریم کاظمی', birth: '1988-07-30', is_male: false } },
  ],
});
if (started.status === 'authenticated') {
  for (const { role_id, profile } of started.roles) console.log(`role ${role_id}: ${profile.case_number}`);
} else {
  console.log('this organizer verifies by SMS: see roadmap-sms.ts');
}
