import type { components as Generated, operations } from './generated/openapi.js';

/**
 * The schemas as 2.0.0 named them, kept so that a partner's code compiles: `Record` became
 * `TestRecord` in the description 2.0.2 (the name shadowed TypeScript's built-in `Record<K, V>`).
 */
interface RenamedSchemas {
  /** @deprecated Since 2.0.2 the description calls it `TestRecord`: use `TestRecord` (or `Schemas['TestRecord']`). */
  Record: Generated['schemas']['TestRecord'];
}

/** The description's components (openapi-typescript), with the schema names of earlier versions as deprecated aliases. */
export type components = Omit<Generated, 'schemas'> & { schemas: Generated['schemas'] & RenamedSchemas };

/** Every operationId of the description. */
export type OperationId = keyof operations;
export type Schemas = components['schemas'];

/** A test record (named so to leave TypeScript's `Record` alone). */
export type TestRecord = Schemas['TestRecord'];
export type RecordDetail = Schemas['RecordDetail'];
export type Message = Schemas['Message'];
export type Profile = Schemas['Profile'];
export type ProfileInput = Schemas['ProfileInput'];
export type RoleProfile = Schemas['RoleProfile'];
export type JsonQuestionnaire = Schemas['JsonQuestionnaire'];
export type HtmlQuestionnaire = Schemas['HtmlQuestionnaire'];
export type Question = Schemas['Question'];
export type AnswerValue = Schemas['AnswerValue'];
export type Result = Schemas['Result'];
export type Roadmap = Schemas['Roadmap'];

type Op<Id extends OperationId> = operations[Id];
type PathOf<Id extends OperationId> = Op<Id>['parameters'] extends { path: infer P } ? P : never;
type QueryOf<Id extends OperationId> = NonNullable<Op<Id>['parameters']['query']>;
type BodyOf<Id extends OperationId> =
  Op<Id> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** What one call of an operation takes: its path parameters, query and body, all typed, and a signal. */
export type CallInit<Id extends OperationId> = ([PathOf<Id>] extends [never] ? unknown : { path: PathOf<Id> }) &
  ([QueryOf<Id>] extends [never] ? unknown : { query?: QueryOf<Id> }) &
  ([BodyOf<Id>] extends [never] ? unknown : { body: BodyOf<Id> }) & { signal?: AbortSignal };

/** The envelope's `data` of an operation's success. */
export type DataOf<Id extends OperationId> = Exclude<
  Op<Id>['responses'][200]['content']['application/json']['data'],
  undefined
>;

/** Optional when nothing in the init is required. */
export type CallArgs<Id extends OperationId> =
  object extends CallInit<Id> ? [init?: CallInit<Id>] : [init: CallInit<Id>];
