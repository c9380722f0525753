import type { OperationId } from './described.js';
import type { AssumedPart } from './types.js';

/** What of the suite's own choice no setting covers yet: the deployment's team or its description tells. */
const NO_SETTING = 'no setting of the suite yet: its team or its own description says what it takes';

/**
 * The parts of each operation's request the interface does not show, which the suite sends as the
 * description chose ("Request and response payload shapes of the rows above, other than those stated:
 * not shown"; "Paths and parameters of record listing and of result endpoints: not shown"). The
 * roadmap authentication's body, the submission's `record` and every token path are stated: none.
 */
export function assumedParts(operationId: OperationId, paths: Partial<Record<string, string>> = {}): AssumedPart[] {
  switch (operationId) {
    case 'authenticateRecord':
      return [{ part: 'the body {mobile, profile: {name, birth, is_male}} (not shown)', setting: NO_SETTING }];
    case 'verifyRecordAuth':
      return [{ part: 'the body {code}: the field that carries the SMS code (not shown)', setting: NO_SETTING }];
    case 'verifyRoadmapAuth':
      return [{ part: 'the body {draft_token, code}: the field names (not shown)', setting: NO_SETTING }];
    case 'listRecords':
      return [
        ...(paths.listRecords ? [] : [{ part: "the listing's path /record/ (not shown)", setting: '--listing-path' }]),
        { part: "the listing's filter and paging parameters (not shown)", setting: NO_SETTING },
      ];
    case 'getResult':
      return paths.getResult
        ? []
        : [{ part: "the result's path /record/{token}/result/ (not shown)", setting: '--result-path' }];
    default:
      return [];
  }
}

/** The profile's gender and age, chosen from the test's `gender_permission`, `min_age`, `max_age` as the description encodes them. */
export const TEST_FIELDS: AssumedPart = {
  part: "is_male and birth chosen from the test's gender_permission and ages as the description encodes them (types and formats of the nested test fields: not shown)",
  setting: NO_SETTING,
};
