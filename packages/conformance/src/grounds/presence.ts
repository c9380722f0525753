import { Q } from '../quotes.js';

/**
 * The fields whose presence the interface states, by the schema that holds them: a field it names in
 * a resource's table or payload. Their types may be "not shown" (the nested `test`): a missing one is
 * a stated failure all the same. A field it calls optional (`preface`, media paths), or does not name
 * (a roadmap's `token`, a role's `title`), may be left out: assumed.
 */
export const NAMED: Record<string, { fields: string[]; quote: string }> = {
  Envelope: { fields: ['data', 'successful', 'messages'], quote: Q.envelope },
  TestRecord: {
    fields: [
      'token',
      'test_id',
      'test_title',
      'status',
      'auth_required',
      'tests_auth_required',
      'is_finished',
      'role',
      'profile',
      'submit_on',
      'create',
    ],
    quote: Q.recordFields,
  },
  RecordDetail: { fields: ['test'], quote: Q.testFields },
  TestSummary: {
    fields: [
      'id',
      'title',
      'questions_count',
      'doing_time_minutes',
      'min_age',
      'max_age',
      'gender_permission',
      'categories',
    ],
    quote: Q.testFields,
  },
  Profile: { fields: ['token', 'case_number', 'mobile', 'name', 'age', 'birth', 'is_male'], quote: Q.profileFields },
  Roadmap: { fields: ['roles', 'test_records', 'tests_auth_required'], quote: Q.roadmapPayload },
  // "each with an integer ID", under a key not shown ("the shape of `roles` … entries: not shown"): `id`, `role_id`…
  Role: { fields: [], quote: Q.roadmapPayload },
  JsonQuestionnaire: { fields: ['test_id', 'questions'], quote: Q.jsonQuestionnaire },
  HtmlQuestionnaire: { fields: ['html'], quote: Q.htmlOnly },
  Question: { fields: ['num', 'question', 'answer'], quote: Q.questionFields },
  'Question/properties/question': { fields: ['text'], quote: Q.questionFields },
  ChoiceAnswer: { fields: ['text', 'options'], quote: Q.questionFields },
  TextAnswer: { fields: ['text'], quote: Q.questionFields },
  Option: { fields: ['id', 'num', 'text'], quote: Q.optionFields },
  RoadmapAuthPending: { fields: ['tests_auth_required', 'draft_token'], quote: Q.roadmapAuthData },
  RoadmapAuthCompleted: { fields: ['tests_auth_required', 'roles'], quote: Q.roadmapAuthData },
  RoleProfile: { fields: ['role_id', 'profile'], quote: Q.roadmapAuthData },
};

/**
 * Is a missing property's presence stated? `schemaPath` is the `required` keyword's place
 * (`/components/schemas/TestSummary/required`); undefined when the schema is none of the above.
 */
export function presenceStated(schemaPath: string, property: string): boolean | undefined {
  const holder = /^\/components\/schemas\/(.+)\/required$/.exec(schemaPath)?.[1];
  // Each answer's own envelope (`RecordDetailEnvelope`, `ErrorEnvelope`, …) holds the envelope's fields.
  const named =
    holder === undefined ? undefined : (NAMED[holder] ?? (holder.endsWith('Envelope') ? NAMED.Envelope : undefined));
  return named ? named.fields.includes(property) : undefined;
}

/**
 * Operations whose success payload the interface does not show (Q.shapesNotShown; the submission's
 * answer is not described either): a field missing from their `data` is assumed, whatever schema
 * the description gave it. Their envelope stays stated.
 */
export const UNSHOWN_PAYLOADS = new Set([
  'authenticateRecord',
  'verifyRecordAuth',
  'verifyRoadmapAuth',
  'submitAnswers',
  'getResult',
]);
