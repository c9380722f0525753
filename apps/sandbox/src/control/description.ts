import { readFileSync } from 'node:fs';
import {
  createValidator,
  type JsonObject,
  listOperations,
  type OpenApiDocument,
  type Operation,
  pointerGet,
  stepsOf,
} from '@tas/openapi';
import { parse } from 'yaml';
import { description } from '../catalog/examples.js';

const MAIN_ID = 'https://tas.example/api-v2.json';
const COMPONENT_FILE = /^\.\.\/\.\.\/openapi\/components\/schemas\/([A-Za-z0-9]+)\.yaml$/;

/**
 * The control API's own description (control.openapi.yaml), read at start. It refers to the main
 * description's schema files (`../../openapi/components/schemas/TestRecord.yaml`); a schema file's name
 * is its component's name, so each such reference is pointed at that component of the bundle.
 */
export function loadControlDescription(): OpenApiDocument {
  const text = readFileSync(new URL('../../control.openapi.yaml', import.meta.url), 'utf8');
  return repoint(parse(text)) as OpenApiDocument;
}

function repoint(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(repoint);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonObject).map(([key, value]) => {
      const file = key === '$ref' && typeof value === 'string' ? COMPONENT_FILE.exec(value) : null;
      return [key, file ? `${MAIN_ID}#/components/schemas/${file[1]}` : repoint(value)];
    }),
  );
}

/** The control document, its operations, and an Ajv validator that also knows the main description. */
export function controlContract() {
  const doc = loadControlDescription();
  const validator = createValidator(doc);
  validator.addSchema(description as unknown as JsonObject, MAIN_ID);
  return { doc, operations: listOperations(doc).map(withMainSteps), validator };
}

/**
 * listOperations follows the document's own refs only: a parameter whose schema is the main
 * description's (a token, a mobile) takes the `x-normalise` steps that schema names there, so that
 * an upper-case token or Persian digits mean on the control API what they mean on the API.
 */
function withMainSteps(operation: Operation): Operation {
  const parameters = operation.parameters.map((p) => {
    const ref = (p.schema as JsonObject).$ref;
    if (typeof ref !== 'string' || !ref.startsWith(`${MAIN_ID}#`)) return p;
    const schema = pointerGet(description, ref.slice(MAIN_ID.length + 1)) as JsonObject | undefined;
    return { ...p, normalise: stepsOf(schema, ref) };
  });
  return { ...operation, parameters };
}
