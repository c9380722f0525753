import { Converter } from '@apiture/openapi-down-convert';
import { Validator } from '@seriousme/openapi-schema-validator';
import { prepareFor30 } from './prepare.js';

type Json = Record<string, unknown>;

/**
 * The description as OpenAPI 3.0.3, for tools that read only 3.0: our pass for what the converter
 * misses, then @apiture/openapi-down-convert (type arrays with null → `nullable`, schema `examples` →
 * `example`, `const` → `enum`, `$comment`, webhooks, unsupported keywords). The result is validated
 * against the OpenAPI 3.0 JSON Schema (@seriousme/openapi-schema-validator); an invalid one fails the build.
 */
export async function convertTo30(doc: Json): Promise<Json> {
  const converted = new Converter(prepareFor30(doc), { verbose: false }).convert() as Json;
  converted.openapi = '3.0.3';
  const validator = new Validator();
  const result = await validator.validate(structuredClone(converted));
  if (!result.valid || validator.version !== '3.0')
    throw new Error(
      `the OpenAPI 3.0 conversion is not valid 3.0 (read as ${validator.version}):\n${JSON.stringify(result.errors, null, 2)}`,
    );
  return converted;
}
