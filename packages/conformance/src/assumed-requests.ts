import type { OperationId } from './described.js';
import { sameJson } from './profile/resolve.js';
import type { ResolvedProfile } from './profile/types.js';
import type { AssumedPart } from './types.js';

/** The value of a setting by its dotted key. */
const valueAt = (profile: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], profile);

/**
 * The parts of each operation's request the interface does not show, which the suite sends as the
 * profile in effect says ("Request and response payload shapes of the rows above, other than those
 * stated: not shown"; "Paths and parameters of record listing and of result endpoints: not shown"),
 * each with the profile setting that tells the suite the deployment's choice. The roadmap
 * authentication's body, the submission's `record` and every token path are stated: none.
 */
export function assumedParts(operationId: OperationId, deployment: ResolvedProfile): AssumedPart[] {
  const { profile: p } = deployment;
  // A part is the suite's assumption while its value is the description's choice; one QA's profile or
  // flag changed is the deployment's own word, and a refusal of it is judged as the interface says.
  const ours = (...keys: string[]) => keys.some((k) => sameJson(valueAt(p, k), valueAt(deployment.defaults, k)));
  const body = (id: 'authenticateRecord' | 'verifyRecordAuth' | 'verifyRoadmapAuth', what: string, setting: string) =>
    ours(`requests.${id}`)
      ? [
          {
            part: `the body ${JSON.stringify(p.requests[id])}: ${what} (not shown)`,
            setting: `${setting} in a profile (--profile FILE)`,
          },
        ]
      : [];
  switch (operationId) {
    case 'authenticateRecord':
      return body('authenticateRecord', "the profile's fields and where they sit", 'requests.authenticateRecord');
    case 'verifyRecordAuth':
      return body('verifyRecordAuth', 'the field that carries the SMS code', 'code_field or requests.verifyRecordAuth');
    case 'verifyRoadmapAuth':
      return body('verifyRoadmapAuth', 'the field names', 'code_field or requests.verifyRoadmapAuth');
    case 'listRecords':
      return [
        ...(ours('listing.path')
          ? [
              {
                part: `the listing's path ${p.listing.path} (not shown)`,
                setting: 'listing.path in a profile (--profile FILE), or --listing-path',
              },
            ]
          : []),
        ...(ours(
          'listing.filters.status',
          'listing.filters.auth_required',
          'listing.paging.page',
          'listing.paging.size',
        )
          ? [
              {
                part: `the listing's filter and paging parameters (${p.listing.filters.status}, ${p.listing.filters.auth_required}, ${p.listing.paging.page}, ${p.listing.paging.size}: not shown)`,
                setting: 'listing.filters and listing.paging in a profile (--profile FILE)',
              },
            ]
          : []),
      ];
    case 'getResult':
      return ours('result.path')
        ? [
            {
              part: `the result's path ${p.result.path} (not shown)`,
              setting: 'result.path in a profile (--profile FILE), or --result-path',
            },
          ]
        : [];
    default:
      return [];
  }
}

/** The profile's gender and age, chosen from the test's `gender_permission`, `min_age`, `max_age` as the profile reads them. */
export const TEST_FIELDS: AssumedPart = {
  part: "is_male and birth chosen from the test's gender_permission and ages, read as test_fields says (types and formats of the nested test fields: not shown)",
  setting: 'test_fields.gender_permission and test_fields.ages in a profile (--profile FILE)',
};
