// The description's types (openapi-typescript, src/generated/api.ts): types only, nothing at run time.
import type { components, operations } from './generated/api.js';

/** The description's schemas. */
export type Schemas = components['schemas'];

/** An operationId of the description. */
export type OperationId = keyof operations;

/**
 * The id of an operation listed from the bundled description at run time: one of the generated ones,
 * since both come from the same file (test/generated.test.ts fails when they drift).
 */
export const idOf = (operation: { operationId: string }) => operation.operationId as OperationId;

/** An operation's path parameters, as the URL carries them (text). */
export type PathParams<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P }
  ? { [K in keyof P]: string }
  : Record<string, never>;

/** An operation's JSON request body (`never` where it takes none). */
export type RequestBody<Op extends OperationId> = [NonNullable<operations[Op]['requestBody']>] extends [never]
  ? never
  : NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : never;

/**
 * What a deployment's answer is worth before it is validated: the keys the description names, each
 * possibly absent, and of unknown value unless the reader checked it. Nested objects keep their
 * described keys, and may be null (reading one of a primitive, through `?.`, is harmless); arrays
 * and leaves are unknown.
 */
export type Unchecked<T> = [NonNullable<T>] extends [readonly unknown[]]
  ? unknown
  : [NonNullable<T>] extends [object]
    ? { [K in keyof NonNullable<T>]?: Unchecked<NonNullable<T>[K]> } | null
    : unknown;
