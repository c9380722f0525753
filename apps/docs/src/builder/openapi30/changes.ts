import { pointerEscape } from '@tas/openapi';

/**
 * What the 3.0 conversion changed, found by comparing the two documents (not by listing what we meant
 * to change): every object whose keywords differ, grouped by which keywords it lost or changed.
 */
type Json = Record<string, unknown>;

export interface ChangedNode {
  /** JSON pointer of the object in the 3.1 description. */
  pointer: string;
  before: Json;
  after: Json;
}

export interface ChangeGroup {
  /** The keywords removed (`-const`) and changed (`~type`) on each object of the group. */
  signature: string;
  nodes: ChangedNode[];
}

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export function conversionChanges(before: Json, after: Json): ChangeGroup[] {
  const nodes: (ChangedNode & { signature: string })[] = [];
  compare(before, after, '', nodes);
  const groups = new Map<string, ChangedNode[]>();
  for (const { signature, ...node } of nodes) groups.set(signature, [...(groups.get(signature) ?? []), node]);
  return [...groups].map(([signature, list]) => ({ signature, nodes: list }));
}

function compare(a: Json, b: Json, pointer: string, out: (ChangedNode & { signature: string })[]): void {
  const tokens: string[] = [];
  for (const key of Object.keys(a)) {
    const x = a[key];
    const y = b[key];
    if (!(key in b)) tokens.push(`-${key}`);
    else if (isObject(x) && isObject(y)) compare(x, y, `${pointer}/${pointerEscape(key)}`, out);
    else if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every(isObject))
      x.forEach((item, i) => {
        const other = y[i];
        if (isObject(other)) compare(item as Json, other, `${pointer}/${pointerEscape(key)}/${i}`, out);
        else tokens.push(`~${key}`);
      });
    else if (JSON.stringify(x) !== JSON.stringify(y)) tokens.push(`~${key}`);
  }
  // An object that only gained keywords (nothing lost or changed) is listed by what it gained.
  const added = Object.keys(b).filter((k) => !(k in a));
  if (!tokens.length && added.length) tokens.push(...added.map((k) => `+${k}`));
  if (tokens.length) out.push({ signature: [...new Set(tokens)].sort().join(' '), pointer, before: a, after: b });
}
