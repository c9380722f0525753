import type { Assumption, OpenApiDocument } from '@tas/openapi';
import { allChecks } from './checks/index.js';
import { FAMILY_GROUNDS } from './checks/request-constraints.js';
import type { Claim, ClaimDef } from './claims/claim.js';
import { UNOBSERVABLE } from './claims/unobservable.js';
import { S } from './quotes.js';
import type { Registration } from './registration.js';
import { responseRules } from './responses/index.js';

const ORDER: string[] = Object.values(S);

/**
 * Every claim of the registry with the checks that judge it: the one whose file holds it first, then
 * those naming it in `judges`; in the interface's order of sections. Throws on an id held twice or
 * judged but held nowhere.
 */
export function resolveClaims(entries: Registration[], unobservable: ClaimDef[] = UNOBSERVABLE): Claim[] {
  const claims = new Map<string, Claim>();
  const hold = (def: ClaimDef, checks: string[]) => {
    if (claims.has(def.id)) throw new Error(`claim ${def.id} is held twice`);
    claims.set(def.id, { ...def, checks });
  };
  for (const def of unobservable) hold(def, []);
  for (const entry of entries) for (const def of entry.claims ?? []) hold(def, [entry.id]);
  for (const entry of entries)
    for (const id of entry.judges ?? []) {
      const claim = claims.get(id);
      if (!claim) throw new Error(`${entry.id} judges ${id}, which no check holds`);
      if (!claim.checks.includes(entry.id)) claim.checks.push(entry.id);
    }
  const rank = (c: Claim) => ORDER.indexOf(c.section);
  return [...claims.values()].sort((a, b) => rank(a) - rank(b));
}

/** The registry: every check and response rule, and the claims they hold and judge. */
export function registry(doc: OpenApiDocument, assumptions: Assumption[]) {
  const checks = allChecks(doc, assumptions);
  const claims = resolveClaims([...responseRules, ...checks]);
  // What carries parts of its own to ground: the response rules, the constraints family, and checks.
  const grounded = [...responseRules, FAMILY_GROUNDS, ...checks].filter((e) => e.grounds?.length);
  return { checks, rules: responseRules, claims, grounded };
}
