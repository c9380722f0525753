import { randomUUID } from 'node:crypto';
import { refuse } from '../errors/index.js';
import { externalIdTaken, insertProfile, type ProfileRow } from '../store/rows.js';
import type { Ctx, Schemas } from './context.js';

type ProfileInput = Schemas['ProfileInput'];

/** external_id is unique per organizer: against stored profiles and within the request itself. */
export function assertExternalIdsFree(ctx: Ctx, entries: { profile: ProfileInput; field: string }[]): void {
  const seen = new Set<number>();
  for (const { profile, field } of entries) {
    const id = profile.external_id;
    if (id === undefined) continue;
    if (seen.has(id) || externalIdTaken(ctx.db, ctx.org.id, id))
      throw refuse('duplicateExternalId', { id }, `${field}/external_id`);
    seen.add(id);
  }
}

export function addProfile(ctx: Ctx, mobile: string, input: ProfileInput): ProfileRow {
  return insertProfile(ctx.db, {
    token: randomUUID(),
    organizer: ctx.org.id,
    external_id: input.external_id ?? null,
    mobile,
    name: input.name,
    birth: input.birth,
    is_male: input.is_male ? 1 : 0,
  });
}
