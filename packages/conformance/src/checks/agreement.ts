import type { Check, CheckContext } from '../check.js';
import { disagree, stated } from '../claims/make.js';
import { authenticateRoadmap, getRoadmap, roadmapRecords } from '../journey/roadmap.js';
import { dataOf, getRecord, questionsAndAnswers, type RecordData } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

type Json = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields two answers of one record both show that differ, as `field (a / b)`. */
function differing(a: Json, b: Json, keep: string[] = []): string[] {
  return Object.keys(a)
    .filter((k) => k in b && !keep.includes(k) && !same(a[k], b[k]))
    .map((k) => `${k} (${JSON.stringify(a[k])} / ${JSON.stringify(b[k])})`);
}

/** What each transition changes of a record: the rest stays as it was ("States and transitions"). */
const AUTHENTICATION_CHANGES = ['auth_required', 'profile'];
const FINISHING_CHANGES = ['status', 'is_finished', 'submit_on'];

/**
 * Where one resource or value appears in two answers, they agree: a roadmap's `test_records` entry
 * and its record's detail; a record read before and after each transition (only what the
 * transition changes changes); a role profile in the authentication's answer and in its record.
 */
export const agreement: Check = {
  id: 'agreement',
  title: 'Two answers of one resource agree: roadmap entries and details, a record across its transitions, a profile',
  statement: 'Consistency between answers: the same record, profile or value in two answers is the same',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 12,
  claims: [
    stated(
      'agree.roadmap-entry',
      S.consistencyBetweenAnswers,
      Q.belong,
      "a test_records entry shows its record's own values",
      [disagree('getRoadmap', '/data/test_records/*/test_title')],
    ),
    stated(
      'agree.transition.auth',
      S.statesAndTransitions,
      Q.profileLinked,
      'authentication changes auth_required and the profile only',
      [
        disagree('getRecord', '/data/create', { again: true }),
        disagree('getRecord', '/data/test/title', { again: true }),
      ],
    ),
    stated(
      'agree.transition.finish',
      S.statesAndTransitions,
      Q.finished,
      'finishing changes status, is_finished and submit_on only',
      [disagree('getRecord', '/data/role', { again: true, whenNot: ['/data/submit_on', null] })],
    ),
    stated(
      'agree.auth-profile',
      S.consistencyBetweenAnswers,
      Q.answerRoles,
      "a role profile in the authentication's answer is its records' profile",
      [
        disagree('authenticateRoadmap', '/data/roles/*/profile/case_number', { mode: 'instant' }),
        disagree('verifyRoadmapAuth', '/data/roles/*/profile/case_number'),
      ],
    ),
  ],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const before = await roadmapRecords(ctx, roadmap);
    // An entry that shows record fields shows the record's own.
    for (const entry of roadmap.test_records) {
      const detail = before.find((r) => r.token === entry.token);
      if (!detail || !('test_id' in entry)) continue;
      const diff = differing(entry as Json, detail as Json);
      ctx.expect(
        !diff.length,
        `the roadmap's entry ${entry.token} and its record's detail disagree on ${diff.join(', ')}`,
      );
    }
    const auth = await authenticateRoadmap(ctx, roadmap);
    if (!auth.ok) return;
    const answer = dataOf<{ roles?: { role_id?: unknown; profile?: Json }[] }>(
      roadmap.tests_auth_required ? auth.last : auth.first,
    );
    const after: RecordData[] = [];
    for (const old of before) {
      const now = await getRecord(ctx, old.token);
      if (!now) continue;
      after.push(now);
      transition(ctx, 'authentication', old, now, AUTHENTICATION_CHANGES);
      // The role profile the answer returned (its shape assumed past the interface's table) is the record's.
      const role = Array.isArray(answer?.roles) ? answer.roles.find((r) => r?.role_id === now.role) : undefined;
      if (role?.profile && now.profile) {
        const diff = differing(role.profile, now.profile as Json);
        ctx.expect(
          !diff.length,
          `role ${now.role}: the authentication's answer and record ${now.token} show its profile otherwise: ${diff.join(', ')}`,
          auth.last,
        );
      }
    }
    const [first] = after;
    if (!first) return;
    const qa = await questionsAndAnswers(ctx, first.token);
    if (!qa) return;
    const submit = await ctx.call('submitAnswers', { params: { token: first.token }, body: { record: qa.answers } });
    if (!ctx.expectStatus(submit, 200, 'submitting a roadmap record')) return;
    const finished = await getRecord(ctx, first.token);
    if (finished) transition(ctx, 'finishing', first, finished, FINISHING_CHANGES);
  },
};

function transition(ctx: CheckContext, what: string, before: RecordData, after: RecordData, changes: string[]) {
  const diff = differing(before as Json, after as Json, changes);
  ctx.expect(
    !diff.length,
    `record ${before.token} before and after ${what}: only ${changes.join(', ')} may change; ${diff.join(', ')} changed too`,
  );
}
