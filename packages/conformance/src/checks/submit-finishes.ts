import type { Check } from '../check.js';
import { refuse, revalue, stated } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { dataOf, getRecord, stateOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

export const submitFinishes: Check = {
  id: 'submit-finishes',
  title: 'Submitting answers moves Authenticated to Finished (status 1, is_finished, submit_on)',
  statement: 'States: Authenticated -> Finished by POST /record/{token}/ (status 1, is_finished true, submit_on set)',
  kind: 'journey',
  basis: [],
  shares: [AUTHENTICATED],
  requests: 2,
  claims: [
    stated('record.status.1', S.record, Q.statusValues, '`1` finished', [
      revalue('getRecord', '/data/status', { value: 2, when: ['/data/status', 1] }),
    ]),
    stated('record.is_finished.true', S.record, Q.isFinished, '`true` once answers are scored', [
      revalue('getRecord', '/data/is_finished', { value: false, when: ['/data/status', 1] }),
    ]),
    stated('record.submit_on.set', S.record, Q.recordFields, 'set when answers are submitted', [
      revalue('getRecord', '/data/submit_on', { value: null, when: ['/data/status', 1] }),
    ]),
    stated('option.id.submitted', S.optionObject, Q.oId, "the selected option's `id` is the value submitted", [
      revalue('getQuestions', '/data/questions/*/answer/options/*/id', { value: 987654 }),
    ]),
    stated('submit.text', S.postRecordTokenSubmitAnswers, Q.textEntry, "a free-text question's entry is a string", [
      refuse('submitAnswers'),
    ]),
    stated('submit.finishes', S.postRecordTokenSubmitAnswers, Q.finishes, 'success moves the record to Finished', [
      revalue('getRecord', '/data/status', { value: 2, when: ['/data/status', 1] }),
      refuse('submitAnswers'),
    ]),
    stated('state.finished', S.statesAndTransitions, Q.finished, 'answers scored, `submit_on` set', [
      revalue('getRecord', '/data/submit_on', { value: null, when: ['/data/status', 1] }),
      revalue('getRecord', '/data/is_finished', { value: false, when: ['/data/status', 1] }),
    ]),
  ],
  async run(ctx) {
    // The last to use the shared authenticated record: it finishes it.
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    ctx.spend(AUTHENTICATED);
    const submit = await ctx.call('submitAnswers', {
      params: { token: auth.record.token },
      body: { record: auth.answers },
    });
    if (!ctx.expectStatus(submit, 200, 'submitting answers that fit the test')) return;
    const done = { ...auth, submit };
    const after = await getRecord(ctx, done.record.token);
    if (!after) return;
    // status 1 and is_finished true: the interface's model judges every read after a submission (src/model).
    ctx.expect(typeof after.submit_on === 'string', `finished: submit_on set, got ${after.submit_on}`);
    ctx.expect(
      after.profile !== null && after.auth_required === false,
      `finished: the profile stays linked (auth_required false); ${stateOf(after)}`,
    );
    // The submission's answer is not shown: the description's choice (the finished record) is assumed.
    const submitted = dataOf<Schemas['TestRecord']>(done.submit);
    ctx.expect(submitted?.status === 1, 'the submission answers the finished record', done.submit, true);
  },
};
