// Every record waiting for a new participant (status 2, auth_required true), across all pages.
import { createClient, listRecords } from '@tas/client';

const tas = createClient({
  baseUrl: process.env.TAS_BASE_URL ?? 'http://localhost:4010',
  apiKey: process.env.TAS_API_KEY ?? 'sandbox-key-sms',
});

for await (const record of listRecords(tas, { status: 2, auth_required: true })) {
  const kind = record.role === null ? 'standalone' : `roadmap role ${record.role}`;
  console.log(`${record.token} ${record.test_id} (${kind})`);
}
