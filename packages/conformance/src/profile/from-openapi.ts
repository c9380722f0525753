import { parse } from 'yaml';
import { type Proposal, proposeProfile } from './propose.js';
import type { DeploymentProfile } from './types.js';

/** A deployment's published OpenAPI description (3.0 or 3.1, JSON or YAML) read for a profile. */
export function proposeFromText(text: string, source: string, defaults: DeploymentProfile): Proposal {
  let doc: unknown;
  try {
    // JSON is YAML: one parser reads both.
    doc = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new Error(`${source}: neither JSON nor YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const version = (doc as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version))
    throw new Error(
      `${source}: not an OpenAPI 3.0 or 3.1 description (its openapi field is ${JSON.stringify(version ?? null)}${(doc as { swagger?: unknown } | null)?.swagger ? '; Swagger 2.0 is not read' : ''})`,
    );
  return proposeProfile(doc, defaults);
}
