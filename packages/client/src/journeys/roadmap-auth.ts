import type { TasClient } from '../client.js';
import { DraftExpiredError, TasApiError } from '../errors.js';
import { limits } from '../generated/operations.js';
import { basePath } from '../operations.js';
import type { CallInit, RoleProfile } from '../types.js';
import { type AuthOptions, smsCodeRequired } from './record-auth.js';

type Body = CallInit<'authenticateRoadmap'>['body'];

/** The draft_token lives 5 minutes (interface, Limits; the description's info.x-limits). */
export const DRAFT_VALIDITY_MS = limits.draftTokenSeconds * 1000;

export type RoadmapAuthStart =
  | { status: 'authenticated'; roles: RoleProfile[] }
  | {
      status: 'code_sent';
      draftToken: string;
      /** When the draft expires (ms since the epoch, by the client's clock; the server's is later). */
      expiresAt: number;
      /** Completes authentication of every role with the SMS code sent to the shared mobile. */
      verify(code: string, options?: { signal?: AbortSignal }): Promise<RoleProfile[]>;
    };

/** Starts roadmap authentication for all roles: instant organizers are done, SMS ones get a draft. */
export async function startRoadmapAuth(
  tas: TasClient,
  token: string,
  body: Body,
  options: { signal?: AbortSignal } = {},
): Promise<RoadmapAuthStart> {
  const data = await tas.call('authenticateRoadmap', { path: { token }, body, signal: options.signal });
  if (!data.tests_auth_required) return { status: 'authenticated', roles: data.roles };
  // The server started the draft before we got its answer, so our deadline is never the later one.
  const expiresAt = tas.clock.now() + DRAFT_VALIDITY_MS;
  const site = {
    operation: 'verifyRoadmapAuth' as const,
    method: 'PUT',
    path: `${basePath}/roadmap/${token}/auth/verify/`,
  };
  return {
    status: 'code_sent',
    draftToken: data.draft_token,
    expiresAt,
    async verify(code, { signal } = {}) {
      if (tas.clock.now() >= expiresAt) throw new DraftExpiredError(site);
      try {
        const verified = await tas.call('verifyRoadmapAuth', {
          path: { token },
          body: { draft_token: data.draft_token, code },
          signal: signal ?? options.signal,
        });
        return verified.roles;
      } catch (error) {
        if (error instanceof TasApiError && error.has('draft_expired'))
          throw new DraftExpiredError({ ...site, path: error.path }, error);
        throw error;
      }
    },
  };
}

/** Authenticates every role of a roadmap in either mode and resolves to the created role profiles. */
export async function authenticateRoadmap(
  tas: TasClient,
  token: string,
  body: Body,
  options: AuthOptions = {},
): Promise<RoleProfile[]> {
  const started = await startRoadmapAuth(tas, token, body, options);
  if (started.status === 'authenticated') return started.roles;
  if (!options.code) throw smsCodeRequired('authenticateRoadmap', `${basePath}/roadmap/${token}/auth/`);
  const code = await options.code({ token, mobile: body.mobile, expiresInSeconds: DRAFT_VALIDITY_MS / 1000 });
  return started.verify(code, options);
}
