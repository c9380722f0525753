import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonObject, OpenApiDocument } from './description.js';
import { createNormaliser, normaliseString } from './normalise.js';
import type { Operation, Parameter } from './operations.js';
import { pointerEscape } from './pointer.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ValidationIssue {
  /** JSON pointer into the validated value (`/data/status`). */
  path: string;
  message: string;
  /** The JSON Schema keyword that failed (`type`, `maxLength`, …). */
  keyword: string;
  /** JSON pointer of the failing schema inside the description. */
  schemaPath: string;
  /** The property a `required` or `additionalProperties` issue names (missing or not taken), below `path`. */
  property?: string;
}

export interface ValidationResult {
  valid: boolean;
  issues: ValidationIssue[];
}

const DOC_ID = 'https://tas.example/openapi.json';
const VENDOR_KEYWORDS = [
  'x-assumed',
  'x-enum-varnames',
  'x-enumDescriptions',
  'x-pattern-message',
  'x-pattern-characters',
  'x-normalise',
  'example',
];
/**
 * A UUID as RFC 9562 writes it (hex in either case): ajv-formats also takes a `urn:uuid:` prefix,
 * which the description refuses (Token).
 */
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/**
 * Ajv (JSON Schema 2020-12) compiled from the bundled description: one validator per schema
 * pointer, cached, so that request, response and example checks all read the description itself.
 */
export function createValidator(doc: OpenApiDocument) {
  const ajv = compilerFor(doc, true);
  // A request is checked by this one first: it stops at the first fault, so its cost follows the
  // bytes read. Ajv's allErrors concatenates each item's errors onto all before (8,000 nulls: 2.5 s).
  const firstFault = compilerFor(doc, false);
  const normaliser = createNormaliser(doc);
  // Ajv reports schema paths relative to the $ref it followed; map each schema object to its
  // absolute pointer so that an issue says where in the description the failing rule sits.
  const locations = new WeakMap<object, string>();
  const index = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object' || locations.has(node)) return;
    locations.set(node, pointer);
    for (const [k, v] of Object.entries(node)) index(v, `${pointer}/${pointerEscape(k)}`);
  };
  index(doc, '');
  const toIssues = (errors: ErrorObject[]): ValidationIssue[] =>
    errors.map((e) => {
      const { missingProperty, additionalProperty } = e.params as Record<string, unknown>;
      const property = e.keyword === 'required' ? missingProperty : additionalProperty;
      return {
        path: e.instancePath,
        keyword: e.keyword,
        message: `${e.instancePath || '(root)'} ${wordsOf(e)}`,
        schemaPath: `${(e.parentSchema && locations.get(e.parentSchema)) ?? e.schemaPath.replace(/^[^#]*#/, '').replace(/\/[^/]+$/, '')}/${e.keyword}`,
        ...(typeof property === 'string' ? { property } : {}),
      };
    });
  const compiled = compiledBy(ajv);
  const compiledFast = compiledBy(firstFault);
  const paramValidator = (param: Parameter) => compiled(param.schemaPointer);

  function validate(pointer: string, value: unknown): ValidationResult {
    const fn = compiled(pointer);
    const valid = fn(value) as boolean;
    return { valid, issues: valid ? [] : toIssues(fn.errors ?? []) };
  }

  /**
   * A request's value, at a cost in proportion to its size: every fault is listed only for a value
   * of at most DETAIL_NODES nodes (counted first, at most that many visited); a larger one gets its
   * first fault.
   */
  function validateRequest(pointer: string, value: unknown): ValidationResult {
    const fn = compiledFast(pointer);
    if (fn(value)) return { valid: true, issues: [] };
    if (nodesWithin(value, DETAIL_NODES)) return validate(pointer, value);
    return { valid: false, issues: toIssues(fn.errors ?? []) };
  }

  return {
    ajv,
    /** Another document this description's `$ref`s name (by its `$id`), for both compilers. */
    addSchema(schema: JsonObject, id: string): void {
      ajv.addSchema(schema, id);
      firstFault.addSchema(schema, id);
    },
    /** Validates a value against the schema at a JSON pointer of the description. */
    validate,
    /** Validates against `#/components/schemas/<name>`. */
    validateSchema: (name: string, value: unknown) => validate(`/components/schemas/${pointerEscape(name)}`, value),
    /** Validates a response body of an operation for a status (or `default`). */
    validateResponse(operation: Operation, status: number, body: unknown): ValidationResult {
      const spec = operation.responses[String(status)] ?? operation.responses.default;
      if (!spec) {
        return issue('', 'status', `status ${status} is not documented for ${operation.operationId}`);
      }
      if (!spec.schemaPointer) return { valid: true, issues: [] };
      return validate(spec.schemaPointer, body);
    },
    /**
     * Validates a request body as a server reads it: normalised first where the description says
     * (`x-normalise`), then checked. `value` is the body as normalised, for the server to use.
     */
    validateRequestBody(operation: Operation, body: unknown): ValidationResult & { value: unknown } {
      if (!operation.requestBody) return { valid: true, issues: [], value: body };
      const value = normaliser.at(operation.requestBody.schemaPointer, body);
      return { ...validateRequest(operation.requestBody.schemaPointer, value), value };
    },
    /**
     * Validates path and query parameters given as strings, coercing them to the schema's type
     * first. Returns the coerced values beside the result.
     */
    validateParameters(
      operation: Operation,
      given: { path?: Record<string, string>; query?: Record<string, string> },
    ): ValidationResult & { values: Record<string, unknown> } {
      const values: Record<string, unknown> = {};
      const issues: ValidationIssue[] = [];
      for (const param of operation.parameters) {
        const source = param.in === 'path' ? given.path : param.in === 'query' ? given.query : undefined;
        if (!source) continue;
        const raw = source[param.name];
        if (raw === undefined) {
          if (param.required)
            issues.push(paramIssue(param, 'required', `${param.in} parameter ${param.name} is required`));
          continue;
        }
        const value = coerce(param.normalise.length ? normaliseString(raw, param.normalise) : raw, param.schema);
        const errors = paramValidator(param)(value) ? [] : (paramValidator(param).errors ?? []);
        for (const e of errors)
          issues.push(paramIssue(param, e.keyword, `${param.in} parameter ${param.name} ${wordsOf(e)}`));
        if (!errors.length) values[param.name] = value;
      }
      return { valid: issues.length === 0, issues, values };
    },
  };
}

export type Validator = ReturnType<typeof createValidator>;

/** The most nodes (values, keys aside) a request body may have to be told every fault, not the first. */
export const DETAIL_NODES = 256;

/** Ajv over the description: `allErrors` lists every fault, else it stops at the first. */
function compilerFor(doc: OpenApiDocument, allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors, strict: false, validateFormats: true, verbose: true });
  addFormats(ajv);
  ajv.addFormat('uuid', UUID);
  for (const keyword of VENDOR_KEYWORDS) ajv.addKeyword({ keyword });
  ajv.addSchema(doc as unknown as JsonObject, DOC_ID);
  return ajv;
}

/** One compiled validator per schema pointer, made on first use. */
function compiledBy(ajv: Ajv2020): (pointer: string) => ValidateFunction {
  const cache = new Map<string, ValidateFunction>();
  return (pointer) => {
    let fn = cache.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      cache.set(pointer, fn);
    }
    return fn;
  };
}

/** Whether a JSON value has at most `max` nodes; looks at no more than that many. */
export function nodesWithin(value: unknown, max: number): boolean {
  let left = max - 1;
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const children = Array.isArray(node) ? node : Object.values(node);
    left -= children.length;
    if (left < 0) return false;
    stack.push(...children);
  }
  return true;
}

/**
 * What an Ajv error says, in a partner's words: a pattern's own message from the description
 * (`x-pattern-message`) instead of the regular expression, and an enum's allowed values.
 */
function wordsOf(e: ErrorObject): string {
  const parent = e.parentSchema as JsonObject | undefined;
  if (e.keyword === 'pattern' && typeof parent?.['x-pattern-message'] === 'string')
    return `${parent['x-pattern-message']}${faultOf(e.data, parent['x-pattern-characters'])}`;
  if (e.keyword === 'enum') {
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (e.keyword === 'additionalProperties')
    return `${e.message ?? 'is invalid'}: ${(e.params as { additionalProperty?: string }).additionalProperty}`;
  return e.message ?? 'is invalid';
}

/**
 * The character at fault in a string a pattern refused, in words: the first one outside the
 * pattern's alphabet (`x-pattern-characters`, a character class), or else the first separator
 * (a character of the alphabet that is neither a letter nor a digit) at an end or beside another.
 */
export function faultOf(value: unknown, alphabet: unknown): string {
  if (typeof value !== 'string' || typeof alphabet !== 'string') return '';
  const allowed = new RegExp(`^${alphabet}$`, 'u');
  const chars = [...value];
  const named = (c: string, i: number) =>
    `${JSON.stringify(c)} (U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}) at character ${i + 1}`;
  const outside = chars.findIndex((c) => !allowed.test(c));
  if (outside >= 0) return `; ${named(chars[outside] as string, outside)} is not allowed`;
  const separator = (c: string | undefined) => c !== undefined && !/[\p{L}\p{N}]/u.test(c);
  const misplaced = chars.findIndex(
    (c, i) => separator(c) && (i === 0 || i === chars.length - 1 || separator(chars[i - 1]) || separator(chars[i + 1])),
  );
  if (misplaced >= 0) return `; ${named(chars[misplaced] as string, misplaced)} is not between two letters`;
  return '';
}

function coerce(raw: string, schema: JsonObject): unknown {
  const type = schema.type;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

function paramIssue(param: Parameter, keyword: string, message: string): ValidationIssue {
  return { path: `/${param.in}/${param.name}`, keyword, message, schemaPath: '' };
}

function issue(path: string, keyword: string, message: string): ValidationResult {
  return { valid: false, issues: [{ path, keyword, message, schemaPath: '' }] };
}
