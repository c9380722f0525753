/** The journeys of the interface, step by step. Texts are the guide's; every call and payload comes from the description. */
export interface Step {
  operationId: string;
  /** Named example of the request body. */
  request?: string;
  /** Named example of the answer. */
  response: string;
  query?: string;
  /** Which token the path takes: the standalone record's (default), the roadmap's, or a roadmap record's. */
  token?: 'record' | 'roadmap' | 'roadmapRecord';
  text: string;
}

export interface Journey {
  id: string;
  title: string;
  intro: string;
  steps: Step[];
}

const questionsAndAnswers = (token: Step['token']): Step[] => [
  {
    operationId: 'getQuestions',
    response: 'QuestionnaireJson',
    token,
    text: 'Fetch the questions. Show `question.text` and, when `answer.text` is false, the options; the answer to an option question is the option `id`, never its text.',
  },
  {
    operationId: 'submitAnswers',
    request: 'SubmitAnswersMixed',
    response: 'RecordFinished',
    token,
    text: 'Submit exactly one answer per question, in the order of `questions[]`. The record becomes finished (`status 1`).',
  },
];

export const journeys: Journey[] = [
  {
    id: 'standalone-sms',
    title: 'Standalone record, SMS authentication',
    intro: 'With `tests_auth_required: true` (the default) the participant confirms a code sent to their mobile.',
    steps: [
      {
        operationId: 'listRecords',
        query: 'status=2&auth_required=true',
        response: 'RecordPageNewParticipants',
        text: 'Find the records waiting for a new participant: `status=2` and `auth_required=true`.',
      },
      {
        operationId: 'getRecord',
        response: 'RecordDetailReady',
        text: 'Read the record and its test (ages, gender, time).',
      },
      {
        operationId: 'authenticateRecord',
        request: 'RecordAuthRequest',
        response: 'RecordAuthPendingSms',
        text: 'Send the participant profile; an SMS code goes to the mobile.',
      },
      {
        operationId: 'verifyRecordAuth',
        request: 'RecordVerifyRequest',
        response: 'RecordAuthenticated',
        text: 'Send the code the participant received. The record is authenticated (`auth_required` false).',
      },
      ...questionsAndAnswers('record'),
      { operationId: 'getResult', response: 'ResultFinished', text: 'Read the scored result.' },
    ],
  },
  {
    id: 'standalone-instant',
    title: 'Standalone record, instant authentication',
    intro: 'With `tests_auth_required: false` the first call authenticates; there is no verify step.',
    steps: [
      {
        operationId: 'authenticateRecord',
        request: 'RecordAuthRequest',
        response: 'RecordAuthCompletedInstant',
        text: 'Send the participant profile; the answer carries the authenticated record.',
      },
      ...questionsAndAnswers('record'),
    ],
  },
  {
    id: 'roadmap-instant',
    title: 'Roadmap, instant authentication',
    intro: 'One call registers a profile for every role; then each record of the roadmap is taken in turn.',
    steps: [
      {
        operationId: 'getRoadmap',
        token: 'roadmap',
        response: 'RoadmapReady',
        text: 'Read the roles and the records of the roadmap.',
      },
      {
        operationId: 'authenticateRoadmap',
        token: 'roadmap',
        request: 'RoadmapAuthTwoRoles',
        response: 'RoadmapAuthCompletedInstant',
        text: 'Send one profile per role, sharing one mobile. Each `roles[].id` must be a role ID of the roadmap.',
      },
      ...questionsAndAnswers('roadmapRecord'),
    ],
  },
  {
    id: 'roadmap-sms',
    title: 'Roadmap, SMS authentication',
    intro:
      'With `tests_auth_required: true` the first call returns a `draft_token`, valid 5 minutes, and sends a code to the shared mobile.',
    steps: [
      {
        operationId: 'getRoadmap',
        token: 'roadmap',
        response: 'RoadmapReady',
        text: 'Read the roles and the records of the roadmap.',
      },
      {
        operationId: 'authenticateRoadmap',
        token: 'roadmap',
        request: 'RoadmapAuthTwoRoles',
        response: 'RoadmapAuthPendingSms',
        text: 'Send one profile per role; keep the `draft_token`.',
      },
      {
        operationId: 'verifyRoadmapAuth',
        token: 'roadmap',
        request: 'RoadmapVerifyRequest',
        response: 'RoadmapVerified',
        text: 'Send the `draft_token` with the code, within 5 minutes.',
      },
      {
        operationId: 'getRoadmap',
        token: 'roadmap',
        response: 'RoadmapAuthenticated',
        text: 'Every record now has its role profile; loop over `test_records`.',
      },
      ...questionsAndAnswers('roadmapRecord'),
    ],
  },
  {
    id: 'questions-answers-results',
    title: 'Questions, answers and results',
    intro:
      'The questionnaire format is chosen per test; answers are validated per test; results come once a record is finished.',
    steps: [
      {
        operationId: 'getQuestions',
        response: 'QuestionnaireHtml',
        text: 'A test with an HTML template answers `{html}` only, for an iframe or WebView.',
      },
      {
        operationId: 'submitAnswers',
        request: 'SubmitAnswers195',
        response: 'RecordFinished',
        text: 'A 195-question yes/no test takes 195 integers, each `0` or `1`.',
      },
      { operationId: 'getResult', response: 'ResultFinished', text: 'The result of a finished record.' },
    ],
  },
];
