import { SANDBOX_SCORING } from '../scoring.js';
import { ANSWERS_JQ, curl, setup } from './commands.js';
import { SANDBOX_URL, type WalkStep, type Walkthrough } from './types.js';

/**
 * The getting-started walkthrough: the one source of every command the page shows. The docs test
 * (`test/walkthrough.test.ts`) runs these commands, in this order, in bash against a fresh sandbox
 * and compares what each prints with its `answer`.
 */

/** The setup step's new mobile (`setup`): a walk repeated never meets the sandbox's limit per mobile. */
const MOBILE = '$MOBILE';
const ROADMAP_MOBILE = '$MOBILE';

const findReady: WalkStep = {
  title: 'Find a ready record',
  text: "On a live deployment the organizer makes the records. The sandbox's control API makes one here, a standalone (`role` null) career-interest record, new on each run, so the journey runs as often as you like. The listing of records waiting for a new participant (`status=2` and `auth_required=true`, newest first) has it. Records with a `role` belong to a roadmap: they are authenticated through their roadmap (last journey).",
  command: [
    `MADE=$(${curl({ method: 'POST', path: '/__sandbox/records/', body: '{"test_id": "career-interest"}' })})`,
    `RECORD=$(jq -r .data.token <<<"$MADE")`,
    `${curl({ path: '/api/v2/record/?status=2&auth_required=true' })} \\`,
    `  | jq -c --arg token "$RECORD" '.data.results[] | select(.token == $token) | {test_id, role, status, auth_required}'`,
  ].join('\n'),
  answer: '{"test_id":"career-interest","role":null,"status":2,"auth_required":true}',
  operations: ['listRecords'],
  mock: { operationId: 'listRecords', example: 'RecordPageNewParticipants' },
};

const readRecord: WalkStep = {
  title: 'Read the record',
  text: 'The record and its test: who may take it (`min_age`, `max_age`, `gender_permission`) and how long it takes.',
  command: `${curl({ path: '/api/v2/record/$RECORD/' })} \\\n  | jq '.data | {token, test_title, status, auth_required, tests_auth_required, test}'`,
  answer: `{
  "token": "$RECORD",
  "test_title": "پرسشنامه رغبت شغلی",
  "status": 2,
  "auth_required": true,
  "tests_auth_required": false,
  "test": {
    "id": "career-interest",
    "title": "پرسشنامه رغبت شغلی",
    "questions_count": 3,
    "doing_time_minutes": 10,
    "min_age": 15,
    "max_age": null,
    "gender_permission": "all",
    "categories": ["شغلی", "رغبت"]
  }
}`,
  operations: ['getRecord'],
  mock: { operationId: 'getRecord', example: 'RecordDetailReady' },
};

const profile = `{"mobile": "${MOBILE}", "profile": {"name": "علی رضایی", "birth": "1990-04-21", "is_male": true}}`;

/** From an authenticated record to its result: the same calls whichever way it was authenticated. */
const questionsToResult: WalkStep[] = [
  {
    title: 'Fetch the questions',
    text: 'This test has a JSON questionnaire: show `question.text`, and the options when `answer.text` is false. The answer to an option question is the option `id`, never its text.',
    command: `QUESTIONS=$(${curl({ path: '/api/v2/record/$RECORD/questions/' })})\njq .data <<<"$QUESTIONS"`,
    answer: `{
  "test_id": "career-interest",
  "preface": "به هر پرسش با دقت پاسخ دهید. پاسخ درست یا غلط وجود ندارد.",
  "questions": [
    {
      "num": "1",
      "question": { "text": "کار در فضای باز را به کار پشت میز ترجیح می‌دهم.", "audio": null, "image": null },
      "answer": {
        "text": false,
        "options": [
          { "id": 101, "num": "1", "text": "کاملاً موافقم", "audio": null, "image": null },
          { "id": 102, "num": "2", "text": "موافقم", "audio": null, "image": null },
          { "id": 103, "num": "3", "text": "مخالفم", "audio": null, "image": null },
          { "id": 104, "num": "4", "text": "کاملاً مخالفم", "audio": null, "image": null }
        ]
      }
    },
    {
      "num": "2",
      "question": { "text": "کدام تصویر برای شما آرامش‌بخش‌تر است؟", "audio": null, "image": "media/questions/career-interest/2.png" },
      "answer": {
        "text": false,
        "options": [
          { "id": 201, "num": "1", "text": "دریا", "audio": null, "image": "media/options/201.png" },
          { "id": 202, "num": "2", "text": "جنگل", "audio": null, "image": "media/options/202.png" }
        ]
      }
    },
    {
      "num": "3",
      "question": { "text": "شغل رؤیایی خود را در یک جمله توصیف کنید.", "audio": "media/questions/career-interest/3.wav", "image": null },
      "answer": { "text": true }
    }
  ]
}`,
    operations: ['getQuestions'],
    mock: { operationId: 'getQuestions', example: 'QuestionnaireJson' },
  },
  {
    title: 'Build the answers from the questions',
    text: 'Exactly one entry per question, in the order of `questions[]`. Here jq picks the first option of each option question and a text for the free-text one; your application sends what the participant chose.',
    command: `ANSWERS=$(${ANSWERS_JQ} <<<"$QUESTIONS")\necho "$ANSWERS"`,
    answer: '[101, 201, "معماری"]',
  },
  {
    title: 'Submit the answers',
    text: 'The record is scored and finished: `status` 1, `is_finished` true, `submit_on` set.',
    command: `${curl({ method: 'POST', path: '/api/v2/record/$RECORD/', body: '{"record": $ANSWERS}' })} \\\n  | jq '.data | {token, status, is_finished, submit_on}'`,
    answer: `{ "token": "$RECORD", "status": 1, "is_finished": true, "submit_on": "<date-time>" }`,
    operations: ['submitAnswers'],
    mock: { operationId: 'submitAnswers', example: 'RecordFinished' },
  },
  {
    title: 'Read the result',
    text: `Each scale of the test with its raw score and maximum. ${SANDBOX_SCORING}`,
    command: `${curl({ path: '/api/v2/record/$RECORD/result/' })} | jq .data`,
    answer: `{
  "token": "$RECORD",
  "test_id": "career-interest",
  "test_title": "پرسشنامه رغبت شغلی",
  "submit_on": "<date-time>",
  "scores": [
    { "key": "realistic", "title": "واقع‌گرا", "raw": 0, "max": 3 },
    { "key": "artistic", "title": "هنری", "raw": 0, "max": 1 }
  ]
}`,
    operations: ['getResult'],
    mock: { operationId: 'getResult', example: 'ResultFinished' },
  },
];

const outbox = (mobile: string, purpose: 'record' | 'roadmap', token: string): WalkStep => ({
  title: 'Read the code from the sandbox outbox',
  text: `In production the participant receives the code by SMS (here on the mobile the setup step made) and types it into your application. The sandbox sends no SMS: it keeps the code in its outbox, which its control API (\`/__sandbox/sms/\`) reads.`,
  command: [
    `OUTBOX=$(${curl({ path: `/__sandbox/sms/?mobile=${mobile}` })})`,
    `jq '.data.messages[0]' <<<"$OUTBOX"`,
    `CODE=$(jq -r '.data.messages[0].code' <<<"$OUTBOX")`,
  ].join('\n'),
  answer: `{ "mobile": "${mobile}", "code": "$CODE", "purpose": "${purpose}", "token": "${token}", "sent_at": "<date-time>" }`,
  note: 'The code is valid 120 seconds, for one use; three wrong codes lock the attempt (authenticate again).',
});

export const walkthroughs: Walkthrough[] = [
  {
    id: 'instant',
    workflowId: 'record-journey-instant',
    formerIds: ['standalone-instant', 'questions-answers-results'],
    title: 'A standalone record, instant authentication',
    intro:
      'The organizer of `sandbox-key-instant` has `tests_auth_required: false`: the first authentication call links the profile, with no SMS. From a ready record to its result.',
    steps: [
      {
        title: 'Choose the sandbox and a key',
        text: 'Every command below reads these two variables.',
        command: setup('sandbox-key-instant', SANDBOX_URL),
      },
      findReady,
      readRecord,
      {
        title: 'Authenticate the participant',
        text: 'Send the mobile and the profile: the name in Persian letters, the birth date, `is_male`. The answer carries the record, now authenticated (`auth_required` false) with its profile.',
        command: `${curl({ method: 'POST', path: '/api/v2/record/$RECORD/auth/', body: profile })} \\\n  | jq .`,
        answer: `{
  "data": {
    "tests_auth_required": false,
    "record": {
      "token": "$RECORD",
      "test_id": "career-interest",
      "test_title": "پرسشنامه رغبت شغلی",
      "status": 2,
      "auth_required": false,
      "tests_auth_required": false,
      "is_finished": false,
      "role": null,
      "profile": {
        "token": "<uuid>",
        "external_id": null,
        "case_number": "<case number>",
        "mobile": "${MOBILE}",
        "name": "علی رضایی",
        "age": "<integer>",
        "birth": "1990-04-21",
        "is_male": true
      },
      "submit_on": null,
      "create": "<date-time>"
    }
  },
  "successful": true,
  "messages": []
}`,
        operations: ['authenticateRecord'],
        mock: { operationId: 'authenticateRecord', example: 'RecordAuthCompletedInstant' },
      },
      ...questionsToResult,
    ],
  },
  {
    id: 'sms',
    workflowId: 'record-journey-sms',
    formerIds: ['standalone-sms'],
    title: 'A standalone record, SMS authentication',
    intro:
      'The organizer of `sandbox-key-sms` has `tests_auth_required: true`, the default: the first call sends a code to the mobile, a second call with the code completes the authentication.',
    steps: [
      {
        title: 'Choose the sandbox and the SMS key',
        text: 'The same sandbox, the organizer that verifies by SMS.',
        command: setup('sandbox-key-sms', SANDBOX_URL),
      },
      findReady,
      {
        title: 'Start the authentication',
        text: 'The same body as with instant authentication. The record stays ready until the code is verified.',
        command: `${curl({ method: 'POST', path: '/api/v2/record/$RECORD/auth/', body: profile })} \\\n  | jq .`,
        answer:
          '{ "data": { "tests_auth_required": true, "code_expires_in": 120 }, "successful": true, "messages": [] }',
        operations: ['authenticateRecord'],
        mock: { operationId: 'authenticateRecord', example: 'RecordAuthPendingSms' },
      },
      outbox(MOBILE, 'record', '$RECORD'),
      {
        title: 'Verify the code',
        text: 'The record is authenticated: from here on the calls are those of the instant journey, from "Fetch the questions".',
        command: `${curl({ method: 'PUT', path: '/api/v2/record/$RECORD/auth/verify/', body: '{"code": "$CODE"}' })} \\\n  | jq '.data | {token, status, auth_required, name: .profile.name}'`,
        answer: '{ "token": "$RECORD", "status": 2, "auth_required": false, "name": "علی رضایی" }',
        operations: ['verifyRecordAuth'],
        mock: { operationId: 'verifyRecordAuth', example: 'RecordAuthenticated' },
      },
    ],
  },
  {
    id: 'roadmap',
    workflowId: 'roadmap-journey-sms',
    formerIds: ['roadmap-instant', 'roadmap-sms'],
    title: 'A roadmap: one authentication for every role',
    intro:
      'A roadmap groups records for several roles, here a child and a parent. One call registers a profile for every role; then each record of the roadmap is answered in turn. This journey uses SMS verification (`sandbox-key-sms`).',
    steps: [
      {
        title: 'Choose the sandbox and the SMS key',
        text: 'Skip this if your shell is still set from the previous journey.',
        command: setup('sandbox-key-sms', SANDBOX_URL),
      },
      {
        title: 'Get a roadmap',
        text: "On a live deployment the roadmap's token comes from the organizer: the interface has no call that lists or creates roadmaps. The sandbox's control API creates one (role 1 کودک takes `cas-child`, role 2 والد takes `parenting-style`).",
        command: [
          `CREATED=$(${curl({ method: 'POST', path: '/__sandbox/roadmaps/' })})`,
          `ROADMAP=$(jq -r .data.token <<<"$CREATED")`,
          `jq -c '.data.roles[]' <<<"$CREATED"`,
        ].join('\n'),
        answer: '{"id":1,"title":"کودک"}\n{"id":2,"title":"والد"}',
      },
      {
        title: 'Read the roadmap',
        text: 'Its roles (use their `id`s to authenticate) and its records, one per test of each role.',
        command: `${curl({ path: '/api/v2/roadmap/$ROADMAP/' })} \\\n  | jq '.data | {token, tests_auth_required, records: [.test_records[] | {test_id, role, status, auth_required}]}'`,
        answer: `{
  "token": "$ROADMAP",
  "tests_auth_required": true,
  "records": [
    { "test_id": "cas-child", "role": 1, "status": 2, "auth_required": true },
    { "test_id": "parenting-style", "role": 2, "status": 2, "auth_required": true }
  ]
}`,
        operations: ['getRoadmap'],
        mock: { operationId: 'getRoadmap', example: 'RoadmapReady' },
      },
      {
        title: 'Authenticate every role',
        text: 'One profile per role, one mobile for all. Each profile must fit the tests of its role: `cas-child` takes ages 6 to 12, `parenting-style` 18 to 80. Keep the `draft_token`: it is valid 5 minutes.',
        command: [
          `AUTH=$(${curl({
            method: 'POST',
            path: '/api/v2/roadmap/$ROADMAP/auth/',
            body: `{"mobile": "${ROADMAP_MOBILE}", "roles": [{"id": 1, "profile": {"name": "سارا رضایی", "birth": "2018-05-12", "is_male": false}}, {"id": 2, "profile": {"name": "مریم رضایی", "birth": "1988-09-03", "is_male": false}}]}`,
          })})`,
          `jq . <<<"$AUTH"`,
          `DRAFT=$(jq -r .data.draft_token <<<"$AUTH")`,
        ].join('\n'),
        answer:
          '{ "data": { "tests_auth_required": true, "draft_token": "$DRAFT" }, "successful": true, "messages": [] }',
        operations: ['authenticateRoadmap'],
        mock: { operationId: 'authenticateRoadmap', example: 'RoadmapAuthPendingSms' },
        note: "With instant authentication (`sandbox-key-instant`) this one call completes it, and the answer lists each role's profile; skip the next two steps.",
      },
      outbox(ROADMAP_MOBILE, 'roadmap', '$ROADMAP'),
      {
        title: 'Verify the code with the draft token',
        text: 'Every record of the roadmap now has the profile of its role.',
        command: `${curl({ method: 'PUT', path: '/api/v2/roadmap/$ROADMAP/auth/verify/', body: '{"draft_token": "$DRAFT", "code": "$CODE"}' })} \\\n  | jq -c '.data.roles[] | {role_id, name: .profile.name}'`,
        answer: '{"role_id":1,"name":"سارا رضایی"}\n{"role_id":2,"name":"مریم رضایی"}',
        operations: ['verifyRoadmapAuth'],
        mock: { operationId: 'verifyRoadmapAuth', example: 'RoadmapVerified' },
      },
      {
        title: 'Answer each record of the roadmap',
        text: 'For each record: fetch its questions, build answers that fit them, submit. Each test has its own questions, so the answers are built per record.',
        command: [
          `for RECORD in $(${curl({ path: '/api/v2/roadmap/$ROADMAP/' })} | jq -r '.data.test_records[].token'); do`,
          `  QUESTIONS=$(${curl({ path: '/api/v2/record/$RECORD/questions/' })})`,
          `  ANSWERS=$(${ANSWERS_JQ} <<<"$QUESTIONS")`,
          `  ${curl({ method: 'POST', path: '/api/v2/record/$RECORD/', body: '{"record": $ANSWERS}' }).replace(/\n {2}/g, '\n    ')} \\`,
          `    | jq -c '.data | {test_id, status, is_finished}'`,
          'done',
        ].join('\n'),
        answer: [
          '{"test_id":"cas-child","status":1,"is_finished":true}',
          '{"test_id":"parenting-style","status":1,"is_finished":true}',
        ].join('\n'),
        operations: ['getRoadmap', 'getQuestions', 'submitAnswers'],
      },
      {
        title: 'Start again',
        text: 'Not needed to run the journeys again: each run makes its own record or roadmap and a new mobile. To put an organizer back to its seed (the same tokens every time, its outbox emptied), the control API resets it; run it for each key you used.',
        command: `${curl({ method: 'POST', path: '/__sandbox/reset/' })} | jq -c .`,
        answer: '{"data":{},"successful":true,"messages":[]}',
      },
    ],
  },
];
