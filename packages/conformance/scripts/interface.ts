// The interface document the quoted grounds rest on, and the record of them the repository carries
// (grounds.json: every quoted sentence, and the SHA-256 of the document they were checked against),
// so a clone with no interface beside it still checks its quotes against what was checked.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assumption, OpenApiDocument } from '@tas/openapi';
import { constraintGround } from '../src/grounds/constraints.js';
import { listSites } from '../src/negative/sites.js';
import { Q } from '../src/quotes.js';
import { registry } from '../src/registry.js';

const BESIDE = fileURLToPath(new URL('../../../../shared/interface.md', import.meta.url));
const RECORD = new URL('../grounds.json', import.meta.url);

export type Found = { path: string; from: string } | { missing: string; error?: true };

/** TAS_INTERFACE_MD when set (a missing file is an error), else ../shared/interface.md beside the repository. */
export function findInterface(env: NodeJS.ProcessEnv = process.env, beside = BESIDE): Found {
  const named = env.TAS_INTERFACE_MD;
  if (named)
    return existsSync(named)
      ? { path: named, from: 'TAS_INTERFACE_MD' }
      : { missing: `TAS_INTERFACE_MD names ${named}, which does not exist`, error: true };
  if (existsSync(beside)) return { path: beside, from: 'beside the repository' };
  return { missing: `TAS_INTERFACE_MD is unset and there is none beside the repository (${beside})` };
}

export interface GroundsRecord {
  /** The document the quotes were found in, word for word: its title line and its SHA-256. */
  interface: { title: string; sha256: string };
  quotes: string[];
}

export const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every sentence a rule, a constraint or a claim of the inventory quotes, sorted. */
export function quotedGrounds(doc: OpenApiDocument, assumptions: Assumption[]): string[] {
  const reg = registry(doc, assumptions);
  const quotes = new Set<string>([
    ...Object.values(Q),
    ...listSites(doc, assumptions).flatMap((s) => constraintGround(s).quotes ?? []),
    ...reg.grounded.flatMap((e) => (e.grounds ?? []).flatMap((p) => p.ground.quotes ?? [])),
    ...reg.claims.map((c) => c.quote),
  ]);
  return [...quotes].sort();
}

/** The quotes not in `text` word for word. */
export const notIn = (text: string, quotes: string[]) => quotes.filter((q) => !text.includes(q));

export const readRecord = (): GroundsRecord => JSON.parse(readFileSync(RECORD, 'utf8'));

export function recordOf(text: string, quotes: string[]): GroundsRecord {
  const title = (text.split('\n', 1)[0] ?? '').replace(/^#\s*/, '');
  return { interface: { title, sha256: fingerprint(text) }, quotes };
}

export const writeRecord = (record: GroundsRecord) => writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
