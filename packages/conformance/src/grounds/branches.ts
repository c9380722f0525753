import type { JsonObject, OpenApiDocument, ValidationIssue } from '@tas/openapi';
import { pointerGet, resolveRef } from '@tas/openapi';

const COMBINERS = new Set(['oneOf', 'anyOf']);

/** Every schema pointer a pointer reaches: itself, and through $ref, every component below it. */
function reach(doc: OpenApiDocument, pointer: string, seen = new Set<string>()): Set<string> {
  if (seen.has(pointer)) return seen;
  seen.add(pointer);
  const visit = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string') reach(doc, ref.replace(/^#/, ''), seen);
    for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
  };
  visit(pointerGet(doc, pointer), pointer);
  return seen;
}

const under = (schemaPath: string, pointers: Set<string>) =>
  [...pointers].some((p) => schemaPath === p || schemaPath.startsWith(`${p}/`));

/**
 * The branch a value names itself: where every branch fixes one property to a `const` (the roadmap
 * authentication's `tests_auth_required`), the branch whose const the value carries; else undefined.
 */
function namedBranch(doc: OpenApiDocument, branches: unknown[], value: unknown): number | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const consts = branches.map((b) => {
    const schema = resolveRef<JsonObject>(doc, b as JsonObject);
    const props = (schema?.properties ?? {}) as Record<string, JsonObject>;
    return Object.entries(props).filter(([, p]) => p && 'const' in p);
  });
  const [first] = consts;
  for (const [name] of first ?? []) {
    if (!consts.every((c) => c.some(([n]) => n === name))) continue;
    const own = (value as JsonObject)[name];
    const i = consts.findIndex((c) => c.some(([n, p]) => n === name && p.const === own));
    if (i >= 0) return i;
  }
  return undefined;
}

/**
 * One cause, reported once: where a oneOf/anyOf failed, only the issues of its closest branch are
 * kept (the one the value names by its own discriminating field, else the one with the fewest), and
 * the combiner's own issue is dropped. A deployment that leaves out one field of a JSON questionnaire
 * is told that, not also that it is no HTML questionnaire; an instant roadmap authentication's answer
 * is judged as one, whatever its status (`instance`: the body validated).
 */
export function closestBranch(doc: OpenApiDocument, issues: ValidationIssue[], instance?: unknown): ValidationIssue[] {
  let kept = issues;
  for (const combiner of issues.filter((i) => COMBINERS.has(i.keyword))) {
    const branches = pointerGet(doc, combiner.schemaPath);
    if (!Array.isArray(branches)) continue;
    const inside = (i: ValidationIssue) =>
      i !== combiner && (i.path === combiner.path || i.path.startsWith(`${combiner.path}/`));
    const reached = branches.map((b, n) => {
      const ref = (b as JsonObject)?.$ref;
      return reach(doc, typeof ref === 'string' ? ref.replace(/^#/, '') : `${combiner.schemaPath}/${n}`);
    });
    const ofBranch = reached.map((r) => kept.filter((i) => inside(i) && under(i.schemaPath, r)));
    const named = instance === undefined ? undefined : namedBranch(doc, branches, pointerGet(instance, combiner.path));
    const best =
      named === undefined ? ofBranch.reduce((a, b) => (b.length < a.length ? b : a)) : (ofBranch[named] ?? []);
    const others = new Set(ofBranch.flat().filter((i) => !best.includes(i)));
    if (!best.length) continue;
    kept = kept.filter((i) => i !== combiner && !others.has(i));
  }
  // A value of the wrong type also breaks its enum or bounds: the first issue at a place says it.
  const said = new Set<string>();
  return kept.filter((i) => {
    if (i.keyword === 'required') return true;
    if (said.has(i.path)) return false;
    said.add(i.path);
    return true;
  });
}
