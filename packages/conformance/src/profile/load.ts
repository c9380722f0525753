import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { isMap, isPair, isScalar, LineCounter, type Node, parseDocument } from 'yaml';
import { isPlaceholder, placeholdersOf } from './template.js';
import { type ProfileInput, TEMPLATED, type TemplatedOperation } from './types.js';

/** The published JSON Schema of a profile (in the package, beside README.md). */
export const PROFILE_SCHEMA_FILE = new URL('../../profile.schema.json', import.meta.url);
export const profileSchema = (): Record<string, unknown> => JSON.parse(readFileSync(PROFILE_SCHEMA_FILE, 'utf8'));

/** A profile file that does not read: every problem, each `FILE:LINE:COLUMN: what`. */
export class ProfileError extends Error {}

let validate: ReturnType<Ajv['compile']> | undefined;

/**
 * A profile from its YAML (JSON is YAML too), validated against the schema and for what a schema
 * cannot say (the placeholders each template needs); problems point at their line and column.
 */
export function parseProfile(text: string, file: string): ProfileInput {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number | undefined) => {
    const { line, col } = lines.linePos(offset ?? 0);
    return `${file}:${line}:${col}`;
  };
  const problems: string[] = [...doc.errors, ...doc.warnings].map(
    (e) => `${at(e.pos[0])}: ${e.message.split('\n')[0]}`,
  );
  if (problems.length) throw new ProfileError(problems.join('\n'));
  const value = doc.toJS() as unknown;
  if (value === null || value === undefined) return {};
  /** The node at a JSON pointer, or its closest parent that exists. */
  const nodeAt = (pointer: string): Node | undefined => {
    const path = pointer
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(
        path.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        true,
      );
      if (node && typeof node === 'object' && 'range' in (node as object)) return node as Node;
      if (n === 0) return doc.contents ?? undefined;
    }
    return undefined;
  };
  const keyAt = (pointer: string, key: string): number | undefined => {
    const map = nodeAt(pointer);
    if (!isMap(map)) return map?.range?.[0];
    const pair = map.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
    return (pair?.key as Node | undefined)?.range?.[0] ?? map.range?.[0];
  };

  validate ??= new Ajv({ allErrors: true, strict: false }).compile(profileSchema());
  if (!validate(value)) {
    for (const e of validate.errors ?? []) {
      const where = e.instancePath || '(the top)';
      if (e.keyword === 'additionalProperties') {
        const extra = String((e.params as { additionalProperty: string }).additionalProperty);
        problems.push(
          `${at(keyAt(e.instancePath, extra))}: unknown setting ${where === '(the top)' ? '' : `${where.slice(1).replace(/\//g, '.')}.`}${extra}`,
        );
      } else if (e.keyword === 'enum')
        problems.push(
          `${at(nodeAt(e.instancePath)?.range?.[0])}: ${dotted(where)} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`,
        );
      else problems.push(`${at(nodeAt(e.instancePath)?.range?.[0])}: ${dotted(where)} ${e.message}`);
    }
    throw new ProfileError(byPosition([...new Set(problems)]).join('\n'));
  }
  const input = value as ProfileInput;
  // Each template carries the placeholders its request needs, and names no other.
  for (const [id, needs] of Object.entries(TEMPLATED) as [TemplatedOperation, readonly string[]][]) {
    const template = input.requests?.[id];
    if (template === undefined) continue;
    const pointer = `/requests/${id}`;
    const named = placeholdersOf(template);
    for (const p of named)
      if (!isPlaceholder(p.name))
        problems.push(
          `${at(nodeAt(pointer + p.pointer)?.range?.[0])}: unknown placeholder {${p.name}} (known: {${needs.join('}, {')}} and the others the README lists)`,
        );
    for (const need of needs)
      if (!named.some((p) => p.name === need))
        problems.push(`${at(keyAt('/requests', id))}: requests.${id} must carry {${need}}`);
    if (id !== 'authenticateRecord' && input.code_field !== undefined) {
      const code = named.find((p) => p.name === 'code');
      const field = code?.pointer.split('/').pop();
      if (field && field !== input.code_field)
        problems.push(
          `${at(nodeAt(pointer + (code?.pointer ?? ''))?.range?.[0])}: requests.${id} carries {code} as ${field}, but code_field is ${input.code_field}`,
        );
    }
  }
  if (problems.length) throw new ProfileError(byPosition(problems).join('\n'));
  return input;
}

const dotted = (pointer: string) => (pointer === '(the top)' ? 'the profile' : pointer.slice(1).replace(/\//g, '.'));

/** Problems in the order of the file: by line, then column. */
const byPosition = (problems: string[]) => {
  const pos = (p: string) => (/:(\d+):(\d+): /.exec(p) ?? []).slice(1).map(Number) as number[];
  return problems.sort((a, b) => (pos(a)[0] ?? 0) - (pos(b)[0] ?? 0) || (pos(a)[1] ?? 0) - (pos(b)[1] ?? 0));
};
