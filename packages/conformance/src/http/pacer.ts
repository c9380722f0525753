import { limitsOf, loadDescription } from '@tas/openapi';
import type { Clock } from '../types.js';

export interface RateLimit {
  perMinute: number;
  perHour: number;
}

const stated = limitsOf(loadDescription());
/** The interface's limit (Limits: "API rate, 100 per minute and 3,000 per hour"), from info.x-limits. */
export const DEFAULT_RATE: RateLimit = { perMinute: stated.ratePerMinute, perHour: stated.ratePerHour };

/** Waits shorter than this pass unsaid (the pacer spreads requests in steps of well under a second). */
export const NOTICE_MS = 2000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * Sliding-window pacing: a request goes out only when fewer than `perMinute` were sent in the last
 * 60 s and fewer than `perHour` in the last hour, so no window of the target's ever sees more.
 */
export function createPacer(limit: RateLimit | false, clock: Clock, onWait?: (message: string) => void) {
  const sent: number[] = [];
  let total = 0;
  return {
    async acquire(): Promise<void> {
      if (limit) {
        for (;;) {
          const now = clock.now();
          const minute = waitFor(sent, now, MINUTE, limit.perMinute);
          const hour = waitFor(sent, now, HOUR, limit.perHour);
          const wait = Math.max(minute, hour);
          if (wait <= 0) break;
          // Said as the wait begins, so that a run that seems stuck says why, and for how long.
          if (wait >= NOTICE_MS)
            onWait?.(
              `waiting ${Math.ceil(wait / 1000)} s for the rate limit: ${hour > minute ? `${limit.perHour} per hour` : `${limit.perMinute} per minute`}`,
            );
          await clock.sleep(wait);
        }
        const now = clock.now();
        while (sent.length && (sent[0] as number) <= now - HOUR) sent.shift();
      }
      total++;
      if (limit) sent.push(clock.now());
    },
    /** Requests let through so far (all of them, when pacing is lifted). */
    count: () => total,
  };
}

export type Pacer = ReturnType<typeof createPacer>;

/** How long until one more request fits in the window; 0 when it fits now. */
function waitFor(sent: number[], now: number, window: number, max: number): number {
  let inWindow = 0;
  for (let i = sent.length - 1; i >= 0 && (sent[i] as number) > now - window; i--) inWindow++;
  if (inWindow < max) return 0;
  const oldestToExpire = sent[sent.length - max] as number;
  return oldestToExpire + window - now;
}
