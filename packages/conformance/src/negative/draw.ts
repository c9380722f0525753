import { type JsonObject, listOperations, type OpenApiDocument, type Validator } from '@tas/openapi';
import fc from 'fast-check';
import { UNKNOWN_TOKEN } from '../refusal/send.js';
import { ABSENT, invalidValues } from './arbitraries.js';
import { readsAs } from './lenient.js';
import { type Site, siteLabel } from './sites.js';

export { UNKNOWN_TOKEN };

/** One generated request: a valid one with one constraint broken. */
export interface NegativeCase {
  operationId: string;
  label: string;
  assumed: boolean;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  /** A body case: the same value put into another valid body (a real resource's). */
  rebase?: (valid: unknown) => unknown;
}

/**
 * The requests of a run: `budget` of them over the sites, chosen and filled by fast-check from
 * `seed` (the same seed, the same requests). With a budget at least the number of sites, every
 * constraint is broken once, the rest spread round the sites; below it, a seeded subset of them.
 * Every value is one the description's own validator rejects.
 */
export function drawCases(
  doc: OpenApiDocument,
  validator: Validator,
  sites: Site[],
  seed: number,
  budget: number,
): NegativeCase[] {
  const operations = new Map(listOperations(doc).map((o) => [o.operationId, o]));
  const order =
    budget >= sites.length
      ? sites.map((_, i) => i)
      : (fc.sample(
          fc.shuffledSubarray(
            sites.map((_, i) => i),
            { minLength: budget, maxLength: budget },
          ),
          {
            seed,
            numRuns: 1,
          },
        )[0] ?? []);
  const perSite = new Map<number, number>();
  for (let i = 0; i < budget && order.length; i++) {
    const at = order[i % order.length] as number;
    perSite.set(at, (perSite.get(at) ?? 0) + 1);
  }
  const cases: NegativeCase[] = [];
  for (const [index, count] of [...perSite].sort(([a], [b]) => a - b)) {
    const site = sites[index] as Site;
    const operation = operations.get(site.operationId);
    if (!operation) continue;
    const example = operation.requestBody ? Object.values(operation.requestBody.examples)[0] : undefined;
    const build = (value: unknown): NegativeCase => {
      const params: Record<string, string> = {};
      for (const p of operation.parameters) if (p.in === 'path') params[p.name] = UNKNOWN_TOKEN;
      const query: Record<string, string> = {};
      if (site.in === 'path') params[site.name] = String(value);
      if (site.in === 'query') query[site.name] = String(value);
      const body = site.in === 'body' ? setAt(example, site.path, value) : example;
      const rebase =
        site.in === 'body' ? (valid: unknown) => setAt(valid, site.path, adapt(site, value, valid)) : undefined;
      return {
        operationId: site.operationId,
        label: siteLabel(site),
        // null for an optional field (many read it as "none"), or a value a lenient reader takes as
        // the type: the interface does not say either is refused.
        assumed:
          site.assumed ||
          (site.optional === true && value === null) ||
          (site.kind === 'type' && site.in === 'body' && readsAs(value, site.schema)),
        params,
        query,
        body,
        rebase,
      };
    };
    const refused = (c: NegativeCase) =>
      site.in === 'body'
        ? !validator.validateRequestBody(operation, c.body).valid
        : !validator.validateParameters(operation, { path: c.params, query: c.query }).valid;
    // A per-site seed: one site's values do not move when the budget or the other sites change.
    const arbitrary = invalidValues(site).map(build).filter(refused);
    const values = fc.sample(arbitrary, { seed: (seed + index * 7919) | 0, numRuns: count });
    cases.push(...values.map((c) => ({ ...c, label: `${c.label} ${describe(site, c)}` })));
  }
  return cases;
}

/** The broken value, short, for the finding's message. */
function describe(site: Site, c: NegativeCase): string {
  const value =
    site.in === 'path'
      ? c.params[site.name]
      : site.in === 'query'
        ? c.query[site.name]
        : site.kind === 'required'
          ? undefined
          : getAt(c.body, site.path);
  if (site.kind === 'required') return '(left out)';
  const text = JSON.stringify(value) ?? String(value);
  return `= ${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
}

/** A value drawn from the example, fitted to another valid body: its own fields and items around the break. */
function adapt(site: Site, value: unknown, valid: unknown): unknown {
  const here = getAt(valid, site.path);
  if (site.kind === 'additionalProperties' && value && typeof value === 'object' && here && typeof here === 'object') {
    const known = Object.keys((site.schema.properties ?? {}) as JsonObject);
    const extra = Object.entries(value as JsonObject).filter(([name]) => !known.includes(name));
    return { ...(here as JsonObject), ...Object.fromEntries(extra) };
  }
  if (
    (site.kind === 'minItems' || site.kind === 'maxItems') &&
    Array.isArray(value) &&
    Array.isArray(here) &&
    here.length
  )
    return Array.from({ length: value.length }, (_, i) => here[i % here.length]);
  return value;
}

function getAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], root);
}

/** A copy of `root` with `value` at `path` (ABSENT removes the field). */
export function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(root) ? [...root] : { ...((root ?? {}) as JsonObject) }) as JsonObject;
  if (!rest.length && value === ABSENT) {
    delete copy[head];
    return copy;
  }
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}
