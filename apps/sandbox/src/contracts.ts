import { createValidator, listOperations, type OpenApiDocument, type Operation, type Validator } from '@tas/openapi';
import type { Dispatch } from './api/context.js';
import { API_HANDLERS } from './api/index.js';
import { description } from './catalog/examples.js';
import { controlContract } from './control/description.js';
import { CONTROL_HANDLERS } from './control/handlers.js';

/** A described API the sandbox serves: its path prefix, operations, validator and behaviour. */
export interface Contract {
  name: 'api' | 'control';
  prefix: string;
  doc: OpenApiDocument;
  operations: Operation[];
  validator: Validator;
  handlers: Record<string, Dispatch>;
  /** Operations only the host key may call (`x-host-key: true`); it may call no other. */
  hostOnly: ReadonlySet<string>;
}

/** The operationIds marked `x-host-key: true` in a description. */
function hostOperations(doc: OpenApiDocument): Set<string> {
  const found = new Set<string>();
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item as Record<string, unknown>))
      if (op && typeof op === 'object' && (op as Record<string, unknown>)['x-host-key'] === true)
        found.add((op as { operationId: string }).operationId);
  return found;
}

let cached: Contract[] | undefined;

/** Every described operation has its behaviour here, or the contract is refused. */
function checkHandlers(c: Pick<Contract, 'name' | 'operations' | 'handlers'>): void {
  for (const op of c.operations)
    if (!c.handlers[op.operationId]) throw new Error(`no behaviour for ${c.name} operation ${op.operationId}`);
}

/** Both contracts, compiled once per process (Ajv compiling is the slow part of a start). */
export function contracts(): Contract[] {
  if (!cached) {
    const control = controlContract();
    cached = [
      {
        name: 'api',
        prefix: '/api/v2',
        doc: description,
        operations: listOperations(description),
        validator: createValidator(description),
        handlers: API_HANDLERS,
        hostOnly: new Set(),
      },
      {
        name: 'control',
        prefix: '/__sandbox',
        ...control,
        handlers: CONTROL_HANDLERS,
        hostOnly: hostOperations(control.doc),
      },
    ];
    for (const c of cached) checkHandlers(c);
  }
  return cached;
}

/**
 * The API's routes and validator from an edited description (a live edit; the seed and behaviour stay).
 * Swapped in place, so a running app validates against it from its next request; an operation the
 * sandbox has no behaviour for is refused, and the last description kept. Returns the operation count.
 */
export function reloadDescription(doc: OpenApiDocument): number {
  const api = contracts()[0] as Contract;
  const next = { name: api.name, handlers: api.handlers, doc, operations: listOperations(doc) };
  checkHandlers(next);
  Object.assign(api, { ...next, validator: createValidator(doc) });
  return next.operations.length;
}
