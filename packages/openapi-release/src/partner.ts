import type { Change, ChangeKind, ChangeSubject, Primitive } from './types.js';

export type { ChangeSubject } from './types.js';

/** One line of the Changes page: a sentence, and the operations where a partner meets it. */
export interface PartnerChange {
  kind: ChangeKind;
  action: Change['action'];
  assumed: boolean;
  text: string;
  operations: NonNullable<Change['operation']>[];
}

const STRUCTURE = new Set(['allOf', 'oneOf', 'anyOf']);

/** The subject of a change from its pointer's segments (decoded) and the values it replaced. */
export function subjectOf(path: string[], before: unknown, after: unknown): ChangeSubject | undefined {
  const value = (v: unknown) =>
    v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as Primitive) : undefined;
  const values = { before: value(before), after: value(after) };
  if (path[0] === 'components' && path[1] === 'schemas' && path[2]) {
    return { subject: path[2], ...fieldOf(path.slice(3)), ...values };
  }
  if (path[0] !== 'paths' || !path[1] || !path[2]) return undefined;
  const where = `${path[2].toUpperCase()} ${path[1]}`;
  const rest = path.slice(3);
  if (rest.length === 0) return { subject: where, field: '', operation: true };
  if (rest[0] === 'requestBody') {
    const schema = rest.indexOf('schema');
    if (schema < 0) return { subject: `${where} request body`, field: '', keyword: rest.at(-1), ...values };
    return { subject: `${where} request body`, ...fieldOf(rest.slice(schema + 1)), ...values };
  }
  if (rest[0] === 'responses' && rest[1]) {
    const subject = `${where} answer ${rest[1]}`;
    if (rest.length === 2) return { subject: where, field: '', keyword: `answer ${rest[1]}`, ...values };
    const schema = rest.indexOf('schema');
    if (schema < 0) return { subject, field: '', keyword: rest.slice(2).at(-1), ...values };
    const inner = fieldOf(rest.slice(schema + 1));
    // Every answer is the envelope: its `data` is what a partner reads as the answer's fields.
    return { subject, ...inner, field: inner.field.replace(/^data(\.|$)/, ''), ...values };
  }
  return { subject: where, field: '', keyword: rest[0], ...values };
}

function fieldOf(rest: string[]): { field: string; keyword?: string } {
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const seg = rest[i] as string;
    if (seg === 'properties' && rest[i + 1] !== undefined) names.push(rest[++i] as string);
    else if (seg === 'items') names.push(`${names.pop() ?? ''}[]`);
    else if (STRUCTURE.has(seg)) i++;
    else return { field: names.join('.'), keyword: seg };
  }
  return { field: names.join('.') };
}

const BOUNDS: Record<string, (v: Primitive | undefined) => string> = {
  maxLength: (v) => `at most ${v} characters`,
  minLength: (v) => `at least ${v} characters`,
  maximum: (v) => `at most ${v}`,
  minimum: (v) => `at least ${v}`,
  maxItems: (v) => `at most ${v} items`,
  minItems: (v) => `at least ${v} items`,
  type: (v) => `of type ${v}`,
  format: (v) => `in the format ${v}`,
};
const WORDS: Record<string, string> = {
  description: 'description reworded',
  summary: 'summary reworded',
  title: 'title reworded',
  example: 'example updated',
  examples: 'examples updated',
  pattern: 'accepted characters changed',
  deprecated: 'deprecation changed',
};

/** The change in a sentence a partner reads: "Record: new field test_description". */
export function sentenceOf(s: ChangeSubject, action: Change['action']): string {
  if (s.operation) return action === 'remove' ? `${s.subject} removed` : `new operation ${s.subject}`;
  const field = s.field;
  const k = s.keyword;
  const of = field ? ` of ${field}` : '';
  const subjectField = field ? `${field} ` : '';
  let what: string;
  if (!k) {
    const verb = { add: 'new field', remove: 'field removed:', replace: 'field changed:', rename: 'field renamed:' }[
      action
    ];
    what = field
      ? `${verb} ${field}`
      : { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action];
  } else if (k === 'required') {
    const name = String((action === 'remove' ? s.before : s.after) ?? 'a field');
    const full = field ? `${field}.${name}` : name;
    what = action === 'remove' ? `${full} no longer required` : `${full} now required`;
  } else if (k === 'enum') {
    if (action === 'add') what = `new value ${s.after}${field ? ` for ${field}` : ''}`;
    else if (action === 'remove') what = `value ${s.before}${of} removed`;
    else what = `value ${s.before}${of} replaced by ${s.after}`;
  } else if (k.startsWith('answer ')) {
    what = action === 'remove' ? `no longer answers ${k.slice(7)}` : `may answer ${k.slice(7)}`;
  } else if (BOUNDS[k] && action === 'replace') {
    what = `${subjectField}now ${BOUNDS[k](s.after)} (was ${s.before})`;
  } else if (BOUNDS[k]) {
    what =
      action === 'add' ? `${subjectField}now ${BOUNDS[k](s.after)}` : `${subjectField}no longer ${BOUNDS[k](s.before)}`;
  } else if (WORDS[k]) {
    what = `${WORDS[k].replace(/^(\w+)/, `$1${of}`)}`;
  } else if (k.startsWith('x-')) {
    what = `notes${of} updated`;
  } else {
    what = `${k}${of} ${{ add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action]}`;
  }
  return `${s.subject}: ${what}`;
}

function same(a: ChangeSubject, b: ChangeSubject): boolean {
  return a.keyword === b.keyword && a.before === b.before && a.after === b.after;
}

function endsWithField(longer: string, shorter: string): boolean {
  return longer === shorter || longer.endsWith(`.${shorter}`) || (shorter === '' && longer === '');
}

/**
 * A release's changes as a partner reads them. The diff reports a change to a shared schema once
 * for the schema and again in every operation that answers it; here each schema change is one
 * sentence listing those operations, and what no schema change explains stays on its own.
 */
export function partnerChanges(all: Change[]): PartnerChange[] {
  // Rewrites (same values on the wire) are one sentence, listing the operations they touch.
  const rewrites = all.filter((c) => c.rewrite);
  const changes = all.filter((c) => !c.rewrite);
  const rewritten: PartnerChange[] = rewrites.length
    ? [
        {
          kind: 'annotation',
          action: 'replace',
          assumed: false,
          text: 'Schemas renamed or restructured for code generators; every request and answer is the same JSON as before',
          operations: rewrites
            .flatMap((c) => (c.operation ? [c.operation] : []))
            .filter((o, i, list) => list.findIndex((x) => x.method === o.method && x.path === o.path) === i),
        },
      ]
    : [];
  const schemaChanges = changes.filter((c) => c.subject && !c.operation && !c.repeat);
  const out = new Map<Change, PartnerChange>();
  for (const c of schemaChanges)
    out.set(c, { kind: c.kind, action: c.action, assumed: c.assumed, text: line(c), operations: [] });
  const alone: PartnerChange[] = [];
  for (const c of changes.filter((x) => x.operation || x.repeat)) {
    const s = c.subject;
    // The schema change this one repeats: the same kind of change on the longest matching field.
    const owner = s
      ? schemaChanges
          .filter(
            (o) => o.action === c.action && o.subject && same(o.subject, s) && endsWithField(s.field, o.subject.field),
          )
          .sort((a, b) => (b.subject?.field.length ?? 0) - (a.subject?.field.length ?? 0))[0]
      : undefined;
    const entry = owner && out.get(owner);
    if (entry && !c.operation) continue;
    if (entry && c.operation) {
      if (!entry.operations.some((o) => o.method === c.operation?.method && o.path === c.operation.path))
        entry.operations.push(c.operation);
      if (c.kind === 'breaking') entry.kind = 'breaking';
      entry.assumed ||= c.assumed;
      continue;
    }
    const text = line(c);
    const twin = alone.find((a) => a.text === text);
    if (twin) continue;
    alone.push({
      kind: c.kind,
      action: c.action,
      assumed: c.assumed,
      text,
      operations: c.operation ? [c.operation] : [],
    });
  }
  return [...out.values(), ...alone, ...rewritten];
}

function line(c: Change): string {
  return c.subject ? sentenceOf(c.subject, c.action) : c.text.replaceAll('`', '');
}
