import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { FORM_SECRET_TTL_S } from '../hosting-quotas.js';
import { type Db, metaValue, sql } from '../store/db.js';

/** The hidden field of the HTML questionnaire that carries its secret. */
export const SECRET_FIELD = 'tas_form_secret';

const STORED = 'form-secret-key';

/**
 * The key the form secrets are signed with. With a host key (a hosted sandbox) it is derived from
 * it (HKDF-SHA-256) and never stored: a copy of the database forges no form, and a restart with the
 * same host key takes the forms issued before; one stored by an older sandbox is deleted. Without
 * (a local sandbox, on public keys) it is made once and kept in the database.
 */
export function formKey(db: Db, hostKey: string | undefined): Buffer {
  if (hostKey === undefined) return metaValue(db, STORED, () => randomBytes(32));
  sql(db, 'DELETE FROM meta WHERE name = ?').run(STORED);
  return Buffer.from(hkdfSync('sha256', hostKey, 'tas-sandbox', 'form secrets', 32));
}

/**
 * Secrets that let only the participant who was given the questionnaire post its form: an HMAC of
 * the record's token and an expiry, under `formKey` (so a restarted `--db` sandbox still takes the
 * forms it issued). Nothing is stored per form.
 */
export function createFormSecrets(key: Buffer = randomBytes(32), ttlMs = FORM_SECRET_TTL_S * 1000) {
  const mac = (token: string, expires: number) =>
    createHmac('sha256', key).update(`${token}.${expires}`).digest('base64url');
  return {
    /** The secret of the questionnaire of `token`, issued at `now`. */
    issue(token: string, now: number): string {
      const expires = Math.floor((now + ttlMs) / 1000);
      return `${expires}.${mac(token, expires)}`;
    },
    /** Whether `secret` was issued for `token` by this sandbox and has not expired at `now`. */
    check(token: string, secret: string | null, now: number): boolean {
      const m = secret === null ? null : /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(secret);
      if (!m) return false;
      const expires = Number(m[1]);
      if (expires * 1000 < now) return false;
      const want = Buffer.from(mac(token, expires));
      const given = Buffer.from(m[2] as string);
      return want.length === given.length && timingSafeEqual(want, given);
    },
  };
}
export type FormSecrets = ReturnType<typeof createFormSecrets>;
