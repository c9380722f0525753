import type { Check } from '../check.js';
import { add, refuse, reread, revalue, stated } from '../claims/make.js';
import { completeAuthentication } from '../journey/authentication.js';
import { profileFor } from '../journey/profile.js';
import { getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { isSuccess } from '../types.js';

export const recordAuth: Check = {
  id: 'record-auth',
  title: 'Standalone authentication moves Ready to Authenticated and links the profile',
  statement: 'States: Ready -> Authenticated by POST /record/{token}/auth/ (+ verify with SMS); Rule 2',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 6,
  claims: [
    stated('record.token.identity', S.record, Q.recordToken, 'the token identifies the record on every read', [
      reread('getRecord', '/data/token'),
    ]),
    stated('record.test_id.identity', S.record, Q.testId, "the record's test stays the same on every read", [
      reread('getRecord', '/data/test_id'),
    ]),
    stated('record.status.2', S.record, Q.statusValues, '`2` ready', [
      revalue('getRecord', '/data/status', { value: 0, when: ['/data/status', 2] }),
    ]),
    stated('record.auth_required.before', S.record, Q.authRequired, '`true` while no profile is linked', [
      revalue('getRecord', '/data/auth_required', { value: false, when: ['/data/profile', null] }),
    ]),
    stated('record.auth_required.after', S.record, Q.authRequired, '`false` after authentication completes', [
      revalue('getRecord', '/data/auth_required', {
        value: true,
        when: ['/data/status', 2],
        whenNot: ['/data/profile', null],
      }),
    ]),
    stated('record.tests_auth_required.echoed', S.record, Q.echoed, "the record echoes its organizer's policy", [
      revalue('getRecord', '/data/tests_auth_required'),
      revalue('getRecord', '/data/tests_auth_required', { mode: 'instant' }),
    ]),
    stated('record.is_finished.false', S.record, Q.isFinished, '`false` before that', [
      revalue('getRecord', '/data/is_finished', { value: true, when: ['/data/status', 2] }),
    ]),
    stated('record.role.standalone', S.record, Q.role, '`null` for standalone records', [
      revalue('getRecord', '/data/role', { value: 1, when: ['/data/role', null] }),
    ]),
    stated('record.profile.linked', S.record, Q.profile, 'the profile is linked once authenticated', [
      revalue('getRecord', '/data/profile', { value: null, whenNot: ['/data/profile', null] }),
    ]),
    stated('record.profile.unlinked', S.record, Q.profile, 'no profile before authentication', [
      add('getRecord', '/data/profile', { name: 'x' }, { when: ['/data/profile', null] }),
    ]),
    stated('record.submit_on.null', S.record, Q.recordFields, '`null` until finished', [
      add('getRecord', '/data/submit_on', '2020-01-01T00:00:00Z', { when: ['/data/status', 2] }),
    ]),
    stated('record.create.identity', S.record, Q.create, 'the creation time does not change between reads', [
      reread('getRecord', '/data/create'),
    ]),
    stated(
      'record-auth.starts',
      S.otherEndpointsReferredTo,
      Q.recordAuth,
      'a standalone record is authenticated by it',
      [
        refuse('authenticateRecord', { couldNotRun: true }),
        refuse('authenticateRecord', { mode: 'instant', couldNotRun: true }),
      ],
    ),
    stated('record-verify.completes', S.otherEndpointsReferredTo, Q.verifyRecord, 'the SMS code completes it', [
      refuse('verifyRecordAuth', { couldNotRun: true }),
    ]),
    stated('record.detail', S.otherEndpointsReferredTo, Q.detail, 'the record detail is read', [
      refuse('getRecord', { value: 404 }),
    ]),
    stated(
      'state.ready.profile-linked',
      S.statesAndTransitions,
      Q.profileLinked,
      'standalone auth links the profile sent',
      [
        revalue('getRecord', '/data/profile', {
          value: null,
          whenNot: ['/data/profile', null],
          when: ['/data/role', null],
        }),
      ],
    ),
    stated('rule.2.status', S.rules, Q.rule2, 'status stays 2 after authentication', [
      revalue('getRecord', '/data/status', { value: 0, when: ['/data/status', 2], whenNot: ['/data/profile', null] }),
    ]),
    stated('rule.2.auth_required', S.rules, Q.rule2, '`auth_required` becomes false', [
      revalue('getRecord', '/data/auth_required', { value: true, whenNot: ['/data/profile', null] }),
    ]),
    stated('auth.instant', S.authentication, Q.instantAuth, 'instant mode: the first call authenticates', [
      revalue('getRecord', '/data/auth_required', { value: true, whenNot: ['/data/profile', null], mode: 'instant' }),
    ]),
    stated(
      'identity.token',
      S.consistencyBetweenAnswers,
      Q.recordToken,
      'a token names the same record on every read',
      [reread('getRecord', '/data/token'), reread('getRecord', '/data/test_title')],
    ),
  ],
  judges: ['record.role.type', 'profile.mobile', 'profile.name', 'profile.birth', 'profile.is_male', 'auth.sms'],
  async run(ctx) {
    const token = await ctx.take('ready');
    const record = await getRecord(ctx, token);
    if (!record) return;
    ctx.expect(record.token === token, `the record read names its own token ${token}, not ${record.token}`);
    ctx.expect(record.role === null, 'a standalone record has role null');
    ctx.expect(
      record.auth_required === true && (record.profile ?? null) === null,
      `ready: auth_required true while no profile is linked, got ${record.auth_required} with profile ${(record.profile ?? null) === null ? 'null' : 'linked'}`,
    );
    const params = { token };
    const profile = profileFor(ctx, record.test ?? {});
    const mobile = ctx.mobile();
    const first = await ctx.call('authenticateRecord', { params, body: { mobile, profile } });
    if (!ctx.expectStatus(first, 200, 'record authentication')) return;
    if (record.tests_auth_required) {
      // SMS mode: the first call sends the code; only the second completes authentication.
      const between = await getRecord(ctx, token);
      if (between) {
        ctx.expect(
          between.auth_required === true,
          'tests_auth_required true: the first call alone does not authenticate (auth_required stays true until the code is verified)',
        );
      }
      const last = await completeAuthentication(ctx, 'record-journey-sms', { token, mobile, first });
      ctx.expectStatus(last, 200, 'record verification with the SMS code');
      if (!isSuccess(last.response.status)) return;
    }
    const after = await getRecord(ctx, token);
    if (!after) return;
    // Rule 2 and the record's identity across reads: the interface's model judges every read (src/model).
    ctx.expect(
      after.is_finished === false && after.submit_on === null,
      'not finished yet: is_finished false, submit_on null',
    );
    const p = after.profile;
    ctx.expect(
      // A profile key left out is no profile linked, as null is (the response rules judge the shape).
      p != null &&
        p.name === profile.name &&
        p.birth === profile.birth &&
        p.is_male === profile.is_male &&
        p.mobile === mobile,
      'the profile sent is linked to the record (name, birth, is_male, mobile)',
    );
  },
};
