// Fetch an authenticated record's questionnaire, then submit one answer per question, in order.
import { createClient, getQuestionnaire, submitAnswers } from '@tas/client';
import { sandboxRecord } from './sandbox.js';

const baseUrl = process.env.TAS_BASE_URL ?? 'http://localhost:4010';
const apiKey = process.env.TAS_API_KEY ?? 'sandbox-key-instant';
const tas = createClient({ baseUrl, apiKey });
// TAS_RECORD; else, on the sandbox, a fresh authenticated record (sandbox.ts); else the mock's example record.
const token =
  process.env.TAS_RECORD ||
  (await sandboxRecord(baseUrl, apiKey, 'authenticated')) ||
  '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

const questionnaire = await getQuestionnaire(tas, token);
if (questionnaire.format === 'html') {
  // An HTML form: embed it in an iframe or WebView; it submits itself.
  console.log(`HTML questionnaire, ${questionnaire.html.length} characters`);
} else {
  // Here: the first option of each option question, and a sentence for free-text ones.
  const choices = questionnaire.questions.map((q) => (q.answer.text ? 'معلم مدرسه' : (q.answer.options[0]?.id ?? 0)));
  // Refuses before sending when a choice does not fit the questionnaire.
  const record = await submitAnswers(tas, token, questionnaire, choices);
  console.log('finished:', record.is_finished, 'at', record.submit_on);
}
