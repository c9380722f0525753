import type { ChangeGroup } from '../builder/openapi30/changes.js';
import { placeOf } from './assumptions.js';
import { code, esc, inline, table } from './html.js';

/**
 * What each kind of change the 3.0 conversion made means, by the keywords it removed (`-`) or changed
 * (`~`). A kind with no entry here is still listed, by its keywords; a test asks for an entry.
 */
export const CONVERSION_KINDS: Record<string, { construct: string; became: string }> = {
  '~openapi': { construct: '`openapi: 3.1.0`', became: '`openapi: 3.0.3`' },
  '-summary ~description': {
    construct: '`info.summary` (3.1 only)',
    became: 'the first paragraph of `info.description`',
  },
  '-identifier': {
    construct: '`info.license.identifier`, an SPDX identifier (3.1 only)',
    became: 'removed; the license `name` stays',
  },
  '-const': {
    construct: '`const: value` (JSON Schema 2020-12)',
    became: '`enum: [value]`, with the `type` of the value where the schema had none',
  },
  '-examples': {
    construct: '`examples: [...]` inside a schema (JSON Schema 2020-12)',
    became: '`example`: the first of them (the named examples of parameters and bodies stay as they are)',
  },
  '-oneOf': {
    construct: "`oneOf: [schema, {type: 'null'}]`: a value or `null`",
    became:
      'that schema with `nullable: true`; a `$ref` becomes a nullable copy of the schema it names (3.0 allows `nullable` only beside a `type`), or `allOf: [$ref]` where that schema has none',
  },
  '-anyOf': {
    construct: "`anyOf: [schema, {type: 'null'}]`: a value or `null`",
    became:
      'that schema with `nullable: true`; a `$ref` becomes a nullable copy of the schema it names, or `allOf: [$ref]` where that schema has no `type`',
  },
  '~type': { construct: "`type: [T, 'null']`", became: '`type: T` with `nullable: true`' },
  '~exclusiveMinimum': {
    construct: '`exclusiveMinimum: n` (a number)',
    became: '`minimum: n` with `exclusiveMinimum: true`',
  },
  '~exclusiveMaximum': {
    construct: '`exclusiveMaximum: n` (a number)',
    became: '`maximum: n` with `exclusiveMaximum: true`',
  },
};

/** Only the keywords that differ, so that an example shows the change and not the whole object. */
function changedPart(signature: string, node: ChangeGroup['nodes'][number]) {
  const touched = signature.split(' ').map((t) => t.slice(1));
  const added = Object.keys(node.after).filter((k) => !(k in node.before));
  const pick = (o: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
  return { before: pick(node.before, touched), after: pick(node.after, [...touched, ...added]) };
}

/** An example as JSON, each long text cut to its start and its length: a page, not the description, is shown. */
function short(value: unknown): string {
  const cut = (_key: string, v: unknown) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 60)}… (${v.length} characters)` : v;
  return JSON.stringify(value, cut, 1);
}

/** The list of what the conversion changed, grouped by kind, each with an example and every place. */
export function conversionSection(groups: ChangeGroup[]): string {
  if (!groups.length) return '<p>The conversion changed nothing but the version.</p>';
  const rows = groups.map((g) => {
    const kind = CONVERSION_KINDS[g.signature];
    const first = g.nodes[0];
    const example = first ? changedPart(g.signature, first) : undefined;
    const places = g.nodes.map((n) => `<li>${esc(placeOf(n.pointer) || 'the document')}</li>`).join('');
    return [
      kind ? inline(kind.construct) : `<code>${esc(g.signature)}</code>`,
      kind ? inline(kind.became) : 'not described yet',
      `${g.nodes.length}`,
      example
        ? `<details><summary>Example</summary>${code(short(example.before), 'json')}${code(short(example.after), 'json')}</details><details><summary>Where (${g.nodes.length})</summary><ul>${places}</ul></details>`
        : '',
    ];
  });
  return table(['In 3.1', 'In the 3.0 files', 'Places', 'Example (3.1, then 3.0) and where'], rows, 'conversion');
}
