import { readFileSync } from 'node:fs';
import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../src/profile/load.js';
import { PROFILE_END, PROFILE_START, profileTable } from '../../src/profile/table.js';
import { withTable } from '../../src/statements/table.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

type Json = Record<string, unknown>;
/** Every setting the JSON Schema lets a profile hold, dotted. */
function schemaKeys(node: Json, at = '', schema = node): string[] {
  if (typeof node.$ref === 'string') node = (schema.definitions as Json)[node.$ref.split('/').pop() as string] as Json;
  const props = node.properties as Json | undefined;
  // The error statuses, and a mode's statuses, are one setting each, empty by default.
  if (!props || /^(errors|modes\.\w+\.(success|errors))$/.test(at)) return [at];
  return Object.entries(props).flatMap(([k, v]) => schemaKeys(v as Json, at ? `${at}.${k}` : k, schema));
}

describe("the README's table of profile settings", () => {
  const table = profileTable(loadDescription());

  it('is the one the schema and the defaults give (npm run statements writes it)', () => {
    expect(readme).toBe(withTable(readme, table, [PROFILE_START, PROFILE_END]));
  });

  it('has a row with a default for every setting the schema allows, and no other', () => {
    const rows = table.split('\n').slice(2);
    const keys = rows.map((r) => /^\| `([\w.]+)` \| `[^`]+` \| /.exec(r)?.[1]);
    expect(keys.sort()).toEqual(schemaKeys(profileSchema()).sort());
  });
});
