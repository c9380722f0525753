import type { Assumption, OpenApiDocument, ValidationIssue } from '@tas/openapi';
import { issueIsAssumed } from './assumed-at.js';
import { presenceStated } from './presence.js';

const BOUNDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'maxProperties']);
const COMBINERS = new Set(['oneOf', 'anyOf', 'allOf', 'if']);
/** Schemas whose bounds the interface states (11 digits, Persian letters and 50 characters, 0/1/2). */
const STATED_BOUNDS = [
  '/components/schemas/Mobile/',
  '/components/schemas/PersianName/',
  '/components/schemas/RecordStatus/',
];

/**
 * Is one validation issue of a response body the description's choice? Yes inside an x-assumed
 * element, for a size bound the interface does not state, and for a oneOf/anyOf whose branches
 * failed only on such details; otherwise (a type, a required field, a format the interface names) no.
 */
export function issueAssumed(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  root: string,
  issue: ValidationIssue,
  all: ValidationIssue[] = [issue],
): boolean {
  // Presence: stated where the interface names the field, whatever its type; assumed where it does not.
  const missing = issue.keyword === 'required' ? /required property '([^']+)'/.exec(issue.message)?.[1] : undefined;
  const present = missing === undefined ? undefined : presenceStated(issue.schemaPath, missing);
  if (present !== undefined) return !present || containerAssumed(doc, assumptions, root, issue);
  if (issueIsAssumed(doc, assumptions, root, issue)) return true;
  // A branch that failed on its type (null of a nullable field) is judged with its oneOf.
  const combiner = all.find((other) => COMBINERS.has(other.keyword) && other.path === issue.path);
  if (issue.keyword === 'type' && combiner) return issueAssumed(doc, assumptions, root, combiner, all);
  if (BOUNDS.has(issue.keyword)) return !STATED_BOUNDS.some((p) => issue.schemaPath.startsWith(p));
  if (COMBINERS.has(issue.keyword)) {
    const inner = all.filter(
      (other) =>
        !COMBINERS.has(other.keyword) && (other.path === issue.path || other.path.startsWith(`${issue.path}/`)),
    );
    // A wrong type fails every branch; otherwise the branch of the value's type failed on details, which tell.
    const details = inner.filter((other) => other.keyword !== 'type');
    if (!details.length) return false;
    return details.every((other) => issueAssumed(doc, assumptions, root, other, all));
  }
  return false;
}

/** Is the object holding a missing field itself the description's choice (a listing's page, a roadmap's entries)? */
function containerAssumed(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  root: string,
  issue: ValidationIssue,
): boolean {
  return issueIsAssumed(doc, assumptions, root, { ...issue, keyword: 'type', message: '' });
}
