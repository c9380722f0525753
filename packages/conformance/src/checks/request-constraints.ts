import { type Assumption, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { idOf } from '../described.js';
import { mutations } from '../mutations.js';
import { Q, S } from '../quotes.js';
import { heldKey, setupOf } from '../refusal/resources.js';
import { type RefusalCase, sendRefusals } from '../refusal/send.js';
import type { Registered, Registration } from '../registration.js';

/** Spare resources per operation for acceptances of refusals the interface does not state (`plan` counts them). */
export const SPARES = 2;

/**
 * One check per operation with a body: each constraint of its request schema violated in turn
 * (from a body the operation would accept), then a body that is not JSON and one sent as
 * text/plain: all refused with 400. They go to a real resource in the state where a valid body
 * succeeds (refusal/send.ts), which must come out unchanged; on the mock, to an unknown token.
 */
export function requestConstraints(doc: OpenApiDocument, assumptions: Assumption[]): Check[] {
  return listOperations(doc)
    .filter((operation) => operation.requestBody)
    .map((operation) => {
      const requestBody = operation.requestBody as NonNullable<typeof operation.requestBody>;
      const example = Object.values(requestBody.examples)[0];
      const broken = mutations(doc, assumptions, requestBody.schemaPointer, example);
      const setup = setupOf(operation.operationId);
      return {
        id: `constraints.${operation.operationId}`,
        ...REGISTERED[operation.operationId],
        title: `${operation.method.toUpperCase()} ${operation.path} refuses each broken request constraint with 400`,
        statement: `Errors: 400 invalid data or missing required fields (${operation.method.toUpperCase()} ${operation.path})`,
        kind: 'contract',
        basis: [`${operation.operationId} 400`],
        // The cases, and the read-back of the resource they went to.
        requests: broken.length + 2 + (setup ? 1 : 0),
        shares: setup ? [heldKey(operation.operationId)] : undefined,
        // A broken constraint the interface does not state may be accepted, using the resource up.
        spares: setup ? Math.min(SPARES, broken.filter((m) => m.assumed).length) : undefined,
        async run(ctx) {
          // Stated refusals first: an acceptance of an assumed one uses the resource up, and spares may run out.
          const ordered = [...broken].sort((a, b) => Number(a.assumed) - Number(b.assumed));
          // Each case breaks its constraint in the resource's valid body: the body's mutations, made once.
          let mutated: { valid: unknown; all: ReturnType<typeof mutations> } | undefined;
          const mutationsOf = (valid: unknown) => {
            const made =
              mutated !== undefined && mutated.valid === valid
                ? mutated
                : { valid, all: mutations(doc, assumptions, requestBody.schemaPointer, valid) };
            mutated = made;
            return made.all;
          };
          const cases: RefusalCase[] = ordered.map((mutation) => ({
            label: mutation.label,
            // The same constraint broken in the resource's own valid body (the example's where it lacks the place).
            request: (valid) => ({
              body: mutationsOf(valid).find((m) => m.label === mutation.label)?.body ?? mutation.body,
            }),
            judge(exchange) {
              // A broken constraint the interface states must be refused; one the description assumed, a warning.
              if (mutation.assumed)
                ctx.expect(
                  exchange.response.status === 400,
                  `${mutation.label}: want 400, got ${exchange.response.status}`,
                  exchange,
                  true,
                );
              else ctx.expectRefused(exchange, 400, mutation.label);
            },
          }));
          cases.splice(
            ordered.filter((m) => !m.assumed).length,
            0,
            {
              label: 'a body that is not JSON',
              request: () => ({ rawBody: '{"record": [', contentType: 'application/json' }),
              judge: (exchange) => ctx.expectRefused(exchange, 400, 'a body that is not JSON'),
            },
            {
              label: 'a body sent as text/plain',
              request: (valid) => ({ rawBody: JSON.stringify(valid), contentType: 'text/plain' }),
              // "Bodies are JSON": stated; that a JSON body under another Content-Type is refused is not.
              judge: (exchange) => {
                const { status } = exchange.response;
                if (status >= 500) ctx.expectRefused(exchange, 400, 'a JSON body sent as text/plain');
                else
                  ctx.expect(
                    status === 400,
                    `a JSON body sent as text/plain: want 400, got ${status} (the interface says bodies are JSON, not that another Content-Type is refused)`,
                    exchange,
                    true,
                  );
              },
            },
          );
          await sendRefusals(ctx, idOf(operation), cases);
        },
      } satisfies Check;
    });
}

/** Each part the roadmap authentication's body table marks required ("yes"): its name, where it sits, its row. */
const ROADMAP_AUTH_REQUIRED: [name: string, pointer: string, quote: string][] = [
  ['mobile', '/mobile', Q.mobile],
  ['roles', '/roles', Q.roles],
  ['roles[].id', '/roles/0/id', Q.roleId],
  ['roles[].profile', '/roles/0/profile', Q.roleProfile],
  ['profile.name', '/roles/0/profile/name', Q.name],
  ['profile.birth', '/roles/0/profile/birth', Q.birth],
  ['profile.is_male', '/roles/0/profile/is_male', Q.isMale],
];

/** What the family's check of an operation judges of the claims, by operationId. */
const REGISTERED: Partial<Record<string, Registered>> = {
  submitAnswers: {
    claims: [
      stated('endpoints.json', S.endpoints, Q.bodiesJson, 'a request body that is not JSON is refused', [], {
        noBreach:
          "a mutation of a JSON answer cannot make a request body unparsable: the bespoke fault 'malformed JSON answered with 500' proves it",
      }),
      stated('submit.required.record', S.postRecordTokenSubmitAnswers, Q.record, 'a body without `record` is refused', [
        accept('submitAnswers', undefined, { lacks: '/record' }),
      ]),
    ],
    judges: ['submit.values'],
  },
  authenticateRecord: { judges: ['record-auth.starts', 'endpoints.json'] },
  verifyRecordAuth: { judges: ['record-verify.completes', 'endpoints.json'] },
  verifyRoadmapAuth: { judges: ['roadmap-verify.completes', 'endpoints.json'] },
  authenticateRoadmap: {
    judges: ['endpoints.json'],
    claims: [
      stated('roadmap-auth.mobile', S.postRoadmapTokenAuth, Q.mobile, '`mobile`: 11 digits starting `09`', [
        accept('authenticateRoadmap', undefined, { field: '/mobile' }),
      ]),
      stated('roadmap-auth.roles.min', S.postRoadmapTokenAuth, Q.roles, '`roles`: at least one item', [
        accept('authenticateRoadmap', undefined, { field: '/roles', bodyHas: '"roles":[]' }),
      ]),
      stated('roadmap-auth.roles.id', S.postRoadmapTokenAuth, Q.roleId, '`roles[].id` an integer, required', [
        accept('authenticateRoadmap', undefined, { field: '/roles/0/id' }),
      ]),
      stated(
        'roadmap-auth.roles.profile',
        S.postRoadmapTokenAuth,
        Q.roleProfile,
        '`roles[].profile` an object, required',
        [accept('authenticateRoadmap', undefined, { bodyHas: '{"id":1}' })],
      ),
      stated('roadmap-auth.name', S.postRoadmapTokenAuth, Q.name, '`name`: Persian letters, at most 50', [
        accept('authenticateRoadmap', undefined, { field: '/roles/0/profile/name' }),
      ]),
      stated('roadmap-auth.birth', S.postRoadmapTokenAuth, Q.birth, '`birth`: an ISO 8601 date', [
        accept('authenticateRoadmap', ['invalid_body', 'invalid_profile'], { field: '/roles/0/profile/birth' }),
      ]),
      stated('roadmap-auth.is_male', S.postRoadmapTokenAuth, Q.isMale, '`is_male`: a boolean, required', [
        accept('authenticateRoadmap', undefined, { field: '/roles/0/profile/is_male' }),
      ]),
      stated('roadmap-auth.external_id.type', S.postRoadmapTokenAuth, Q.externalId, '`external_id`: an integer', [
        accept('authenticateRoadmap', ['invalid_body', 'invalid_profile'], { field: '/roles/0/profile/external_id' }),
      ]),
      stated(
        'error.roadmap-auth.400.profile',
        S.errPOSTRoadmapTokenAuth,
        Q.e400,
        'invalid profile data, missing required fields: 400',
        [accept('authenticateRoadmap', ['invalid_body', 'invalid_profile'])],
      ),
      stated('limit.mobile.roadmap-auth', S.limits, Q.mobileLimit, 'on roadmap auth', [
        accept('authenticateRoadmap', undefined, { field: '/mobile' }),
      ]),
      stated('limit.roles.roadmap-auth', S.limits, Q.rolesLimit, 'on roadmap auth', [
        accept('authenticateRoadmap', undefined, { field: '/roles', bodyHas: '"roles":[]' }),
      ]),
      stated('limit.name.roadmap-auth', S.limits, Q.nameLimit, 'on roadmap auth', [
        accept('authenticateRoadmap', undefined, { field: '/roles/0/profile/name' }),
      ]),
      ...ROADMAP_AUTH_REQUIRED.map(([name, pointer, quote]) =>
        stated(
          `roadmap-auth.required.${pointer.slice(1).replace(/\/0/g, '').replaceAll('/', '.')}`,
          S.postRoadmapTokenAuth,
          quote,
          `a body without \`${name}\` is refused`,
          [accept('authenticateRoadmap', undefined, { lacks: pointer })],
        ),
      ),
    ],
  },
};

/** What the family's refusals of a broken body rest on, apart from each constraint's own ground (grounds-table.ts). */
export const FAMILY_GROUNDS: Registration = {
  id: 'constraints.*',
  grounds: [
    { part: 'a body that is not JSON: refused', ground: { quotes: [Q.bodiesJson] } },
    {
      part: 'a JSON body sent as text/plain: refused',
      ground: {
        assumed: 'the interface says bodies are JSON, not that another Content-Type is refused',
        quotes: [Q.bodiesJson],
      },
    },
  ],
};
