// @tas/openapi for the browser bundle (src/builder/tryit.ts aliases the package here): the validator,
// the operations, the pointers and the assumption marks, without the modules that read the disk.
export {
  type Assumption,
  isAssumed,
  isBoundKeyword,
  isStatedBound,
  listAssumptions,
} from '../../../../openapi/src/assumptions.js';
export type { JsonObject, OpenApiDocument } from '../../../../openapi/src/description.js';
export { listOperations, type Operation, type Parameter } from '../../../../openapi/src/operations.js';
export * from '../../../../openapi/src/pointer.js';
export { createValidator, type ValidationIssue, type Validator } from '../../../../openapi/src/validator.js';
