// The diff's shared types, below every module of the folder: it reads bottom-up, with no circle.

export type Primitive = string | number | boolean | null;

/** Where a change sits, in a partner's terms (no JSON pointer, no schema keywords). */
export interface ChangeSubject {
  /** `Record` (a schema), `GET /record/{token}/ answer 200`, `POST /record/{token}/auth/ request body`, … */
  subject: string;
  /** The field, dotted (`test_records[].test_description`), '' for the subject itself. */
  field: string;
  /** The schema keyword changed (`maxLength`, `enum`, `required`, `description`…), none for the field itself. */
  keyword?: string;
  before?: Primitive;
  after?: Primitive;
  /** The change is a whole operation (added or removed). */
  operation?: boolean;
}

/** How a change meets a partner: breaking (their code may stop working), non-breaking, annotation (text only). */
export type ChangeKind = 'breaking' | 'non-breaking' | 'annotation';

export interface Change {
  kind: ChangeKind;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON pointer of the change, in the document after (or before, for a removal). */
  pointer: string;
  /** The operation the change sits in, when it sits in one. */
  operation?: { method: string; path: string; operationId?: string };
  /** Touches something the description marks x-assumed: our decision, not the interface's promise. */
  assumed: boolean;
  /** The change in plain words. */
  text: string;
  /** Where it sits in a partner's terms, for the Changes page (partner.ts). */
  subject?: ChangeSubject;
  /**
   * The schema it sits in accepts the same values as before, written differently (a component
   * renamed, an `allOf` folded into one object, a bound the format implies): nothing changes on the
   * wire, so it is an annotation whatever the diff engine called it.
   */
  rewrite?: boolean;
  /**
   * A component schema's change that sits in another component behind a `$ref` (the diff engine
   * reports a change to `TestRecord` again in `RecordPage`, whose items refer to it): a repeat.
   */
  repeat?: boolean;
}
