import type { CheckResult, Exchange, Finding } from '../types.js';

/** Identical findings (rule, operation, JSON path, message), counted once with the first exchange as repro. */
export interface FindingGroup {
  rule: string;
  statement: string;
  assumed: boolean;
  operationId?: string;
  path?: string;
  /** The first finding's message. */
  message: string;
  count: number;
  /** The checks whose requests showed it, in run order. */
  checks: string[];
  exchange?: Exchange;
  /** The interface's words behind it (stated findings). */
  quotes?: string[];
  /** The earlier exchanges behind it, in order. */
  before?: Exchange[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** What makes two findings the same: array indexes, tokens and quoted values do not. */
export function findingKey(f: Finding): string {
  const shape = (text: string) =>
    text
      .replace(UUID, '<token>')
      .replace(/\/\d+(?=\/|\b)/g, '/*')
      .replace(/"[^"]*"/g, '"…"');
  return [
    f.assumed ? 'assumed' : 'stated',
    f.rule,
    f.exchange?.operationId ?? '',
    shape(f.path ?? ''),
    shape(f.message),
  ].join('\u0000');
}

/** Groups findings; stated before assumed, then the most frequent first, then in order of appearance. */
export function groupFindings(findings: { finding: Finding; check: string }[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup & { first: number }>();
  findings.forEach(({ finding: f, check }, i) => {
    const key = findingKey(f);
    const group = groups.get(key);
    if (group) {
      group.count++;
      if (!group.checks.includes(check)) group.checks.push(check);
      return;
    }
    groups.set(key, {
      rule: f.rule,
      statement: f.statement,
      assumed: f.assumed,
      operationId: f.exchange?.operationId,
      path: f.path,
      message: f.message,
      count: 1,
      checks: [check],
      exchange: f.exchange,
      quotes: f.quotes,
      before: f.before,
      first: i,
    });
  });
  return [...groups.values()]
    .sort((a, b) => Number(a.assumed) - Number(b.assumed) || b.count - a.count || a.first - b.first)
    .map(({ first: _first, ...g }) => g);
}

/** A check's own findings, grouped. */
export const groupOf = (result: CheckResult) =>
  groupFindings(result.findings.map((finding) => ({ finding, check: result.id })));

/** Every finding of a run, grouped across checks. */
export const groupRun = (results: CheckResult[]) =>
  groupFindings(results.flatMap((r) => r.findings.map((finding) => ({ finding, check: r.id }))));

/** Does this finding fail its check? Stated ones always; assumed ones under --strict. */
export const failing = (g: { assumed: boolean }, strict: boolean) => strict || !g.assumed;

/**
 * The setting of the profile a note is about, when the profile changed it: the deployment's choice
 * there is described, so its notes are one line (the encodings of the test's fields, an operation's
 * success status, the listing's and the result's shapes, a request body's shape).
 */
export function describedBy(g: FindingGroup, settings: Record<string, string> = {}): string | undefined {
  const changed = Object.keys(settings);
  const at = `${g.path ?? ''} ${g.message}`;
  const field = /\b(gender_permission|min_age|max_age)\b/.exec(at)?.[1];
  if (field) {
    const key = changed.find((k) =>
      k.startsWith(field === 'gender_permission' ? 'test_fields.gender' : 'test_fields.ages'),
    );
    if (key) return key.replace(/\.(all|men|women)$/, '');
  }
  const op = g.operationId ?? '';
  // The operation's own statuses (any mode's) or body.
  const own = changed.find(
    (k) => k === `requests.${op}` || new RegExp(`^(modes\\.\\w+\\.)?(success|errors)\\.${op}\\b`).test(k),
  );
  if (own) return own.replace(/\.\d{3}$/, '');
  if (op === 'listRecords') return changed.find((k) => k.startsWith('listing.'))?.replace(/\.[^.]+$/, '');
  if (op === 'getResult') return changed.find((k) => k.startsWith('result.'));
  return undefined;
}
