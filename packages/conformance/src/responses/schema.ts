import { assumed, drop, retype, revalue, stated } from '../claims/make.js';
import { closestBranch } from '../grounds/branches.js';
import { issueAssumed } from '../grounds/issues.js';
import { NAMED, UNSHOWN_PAYLOADS } from '../grounds/presence.js';
import { Q, S } from '../quotes.js';
import { isSuccess } from '../types.js';
import type { ResponseRule } from './rule.js';

export const schema: ResponseRule = {
  id: 'response.schema',
  title: 'Every body fits the schema the description gives for its operation and status',
  statement: 'Resources and their fields (types, formats, required fields) as described per operation',
  grounds: [
    {
      part: 'types, required fields and formats of what the interface names (records, profiles, roadmaps, questions)',
      ground: { quotes: [Q.recordToken, Q.statusValues, Q.htmlOnly] },
    },
    {
      part: 'anything inside an element marked x-assumed (the openapi README lists them)',
      ground: { assumed: 'x-assumed', quotes: [] },
    },
    {
      part: 'size bounds (lengths, item counts, ranges) other than `mobile`, `name` and `status`',
      ground: { assumed: 'safety bounds of the description', quotes: [Q.mobileLimit, Q.nameLimit] },
    },
    {
      part: 'the body of an error response (`data`, `successful: false`, the messages)',
      ground: { assumed: 'ErrorEnvelope', quotes: [Q.errorBodies] },
    },
  ],
  claims: [
    stated('record.token.type', S.record, Q.recordToken, '`token` a string (UUID)', [
      retype('getRecord', '/data/token', { via: ['record-auth'] }),
      revalue('getRecord', '/data/token', { value: 'record-1', via: ['record-auth'] }),
    ]),
    stated('record.test_id.type', S.record, Q.testId, '`test_id` a string', [
      retype('getRecord', '/data/test_id', { via: ['record-auth'] }),
    ]),
    stated('record.test_title.type', S.record, Q.testTitle, '`test_title` a string', [
      retype('getRecord', '/data/test_title', { via: ['record-auth'] }),
      drop('getRecord', '/data/test_title', { via: ['record-auth'] }),
    ]),
    stated('record.status.type', S.record, Q.statusValues, '`status` an integer', [
      retype('getRecord', '/data/status', { via: ['record-auth'] }),
    ]),
    stated('record.status.values', S.record, Q.statusValues, '`status` is 0, 1 or 2', [
      revalue('getRecord', '/data/status', { value: 3, via: ['record-auth'] }),
    ]),
    stated('record.auth_required.type', S.record, Q.authRequired, '`auth_required` a boolean', [
      retype('getRecord', '/data/auth_required', { via: ['record-auth'] }),
    ]),
    stated('record.tests_auth_required.type', S.record, Q.testsAuthRequired, '`tests_auth_required` a boolean', [
      retype('getRecord', '/data/tests_auth_required', { via: ['record-auth'] }),
    ]),
    stated('record.is_finished.type', S.record, Q.isFinished, '`is_finished` a boolean', [
      retype('getRecord', '/data/is_finished', { via: ['record-auth'] }),
    ]),
    stated('record.role.type', S.record, Q.role, '`role` an integer or null', [
      retype('getRecord', '/data/role', { via: ['record-auth'] }),
    ]),
    stated('record.profile.type', S.record, Q.profile, '`profile` an object or null', [
      retype('getRecord', '/data/profile', { whenNot: ['/data/profile', null], via: ['record-auth'] }),
    ]),
    stated('record.submit_on.type', S.record, Q.recordFields, '`submit_on` an ISO 8601 string or null', [
      retype('getRecord', '/data/submit_on', { whenNot: ['/data/submit_on', null], via: ['submit-finishes'] }),
      revalue('getRecord', '/data/submit_on', {
        value: 'yesterday',
        whenNot: ['/data/submit_on', null],
        via: ['submit-finishes'],
      }),
    ]),
    stated('record.create.type', S.record, Q.create, '`create` an ISO 8601 string', [
      retype('getRecord', '/data/create', { via: ['record-auth'] }),
      revalue('getRecord', '/data/create', { value: 'yesterday', via: ['record-auth'] }),
      drop('getRecord', '/data/create', { via: ['record-auth'] }),
    ]),
    stated('record.test', S.record, Q.testFields, 'the detail carries a nested `test` object', [
      drop('getRecord', '/data/test', { via: ['record-auth'] }),
      retype('getRecord', '/data/test', { via: ['record-auth'] }),
    ]),
    ...(NAMED.TestSummary?.fields ?? []).map((field) =>
      stated(`record.test.${field}`, S.record, Q.testFields, `the nested test has \`${field}\``, [
        drop('getRecord', `/data/test/${field}`, { via: ['record-auth'] }),
      ]),
    ),
    assumed('record.test.types', S.record, Q.testTypes, 'types of the nested test fields (the description chose)', [
      retype('getRecord', '/data/test/questions_count', { via: ['record-auth'] }),
    ]),
    assumed(
      'roadmap.entries',
      S.roadmap,
      Q.roadmapOther,
      'the shape of `roles` and `test_records` entries (the description chose)',
      [drop('getRoadmap', '/data/roles/*/title', { via: ['roadmap-auth'] })],
    ),
    stated('question.num', S.question, Q.qNum, '`num` a string', [
      retype('getQuestions', '/data/questions/*/num', { via: ['questionnaire-test-id'] }),
    ]),
    stated('question.text', S.question, Q.questionFields, '`question.text` a string', [
      retype('getQuestions', '/data/questions/*/question/text', { via: ['questionnaire-test-id'] }),
    ]),
    stated('question.audio', S.question, Q.qAudio, '`question.audio` a string or null', [
      retype('getQuestions', '/data/questions/*/question/audio', { via: ['questionnaire-test-id'] }),
    ]),
    stated('question.image', S.question, Q.qImage, '`question.image` a string or null', [
      retype('getQuestions', '/data/questions/*/question/image', { via: ['questionnaire-test-id'] }),
    ]),
    stated('answer.text', S.question, Q.aText, '`answer.text` a boolean', [
      retype('getQuestions', '/data/questions/*/answer/text', { via: ['questionnaire-test-id'] }),
    ]),
    stated('answer.options', S.question, Q.aOptions, 'present when `answer.text` is `false`', [
      drop('getQuestions', '/data/questions/*/answer/options', {
        when: ['/data/questions/*/answer/text', false],
        via: ['questionnaire-test-id'],
      }),
    ]),
    stated('option.id', S.optionObject, Q.oId, '`id` an integer', [
      retype('getQuestions', '/data/questions/*/answer/options/*/id', { via: ['questionnaire-test-id'] }),
    ]),
    stated('option.num', S.optionObject, Q.optionFields, '`num` a string', [
      retype('getQuestions', '/data/questions/*/answer/options/*/num', { via: ['questionnaire-test-id'] }),
    ]),
    stated('option.text', S.optionObject, Q.oText, '`text` a string', [
      retype('getQuestions', '/data/questions/*/answer/options/*/text', { via: ['questionnaire-test-id'] }),
    ]),
    stated('option.audio', S.optionObject, Q.oAudio, '`audio` a string or null', [
      retype('getQuestions', '/data/questions/*/answer/options/*/audio', { value: 5, via: ['questionnaire-test-id'] }),
    ]),
    stated('option.image', S.optionObject, Q.oImage, '`image` a string or null', [
      retype('getQuestions', '/data/questions/*/answer/options/*/image', { value: 5, via: ['questionnaire-test-id'] }),
    ]),
    stated('questions.test_id.type', S.getRecordTokenQuestions, Q.jsonQuestionnaire, '`test_id` a string', [
      retype('getQuestions', '/data/test_id'),
    ]),
    stated('questions.preface', S.getRecordTokenQuestions, Q.jsonQuestionnaire, '`preface` a string or null', [
      retype('getQuestions', '/data/preface', { via: ['questions-flat'] }),
    ]),
  ],
  judges: [
    'envelope.data',
    'profile.token',
    'roadmap.roles',
    'roadmap.roles.id',
    'roadmap.test_records',
    'roadmap.tests_auth_required',
    'answer.text.false',
    'answer.text.true',
  ],
  verify(exchange, { operation, validator, doc, assumptions, ownErrorBodies }) {
    const { json, status: got } = exchange.response;
    // An error body's shape is not shown: one the profile calls the deployment's own is no note.
    if (!operation || json === undefined || (got >= 400 && ownErrorBodies)) return [];
    // Another success code (201 for 200) carries the same payload: judged by the documented success's schema.
    const success = Object.keys(operation.responses).map(Number).find(isSuccess);
    const status = operation.responses[String(got)] || !isSuccess(got) || success === undefined ? got : success;
    const spec = operation.responses[String(status)];
    if (!spec?.schemaPointer) return [];
    const root = spec.schemaPointer;
    const issues = closestBranch(doc, validator.validateResponse(operation, status, json).issues, json);
    // Each issue judged at its own place: stated where the interface names the field, assumed elsewhere.
    const unshown = isSuccess(got) && UNSHOWN_PAYLOADS.has(operation.operationId);
    return issues.map((issue) => ({
      message: `${operation.operationId} ${got}: ${issue.message}`,
      path: issue.path,
      assumed:
        got >= 400 ||
        (unshown && issue.keyword === 'required' && issue.path.startsWith('/data')) ||
        // An entry of roles or test_records that is no object: their shape is not shown (Q.roadmapOther).
        (issue.keyword === 'type' && /^\/data\/(roles|test_records)\/\d+$/.test(issue.path)) ||
        issueAssumed(doc, assumptions, root, issue, issues),
    }));
  },
};
