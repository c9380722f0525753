import { defaultRateLimit, type RateLimit, Pacer as WindowPacer } from '@tas/client';
import type { Clock } from '../types.js';

export type { RateLimit };

/** The interface's limit (Limits: "API rate, 100 per minute and 3,000 per hour"), from info.x-limits. */
export const DEFAULT_RATE: RateLimit = { ...defaultRateLimit };

/** Waits shorter than this pass unsaid (the pacer spreads requests in steps of well under a second). */
export const NOTICE_MS = 2000;

/**
 * The client's sliding-window pacer (a request goes out only when fewer than `perMinute` were sent
 * in the last 60 s and fewer than `perHour` in the last hour), or none when pacing is lifted; counts
 * the requests it lets through.
 */
export function createPacer(limit: RateLimit | false, clock: Clock, onWait?: (message: string) => void) {
  // Said as the wait begins, so that a run that seems stuck says why, and for how long.
  const pacer =
    limit &&
    new WindowPacer(limit, clock, (wait, reason) => {
      if (wait >= NOTICE_MS)
        onWait?.(
          `waiting ${Math.ceil(wait / 1000)} s for the rate limit: ${reason === 'hour' ? `${limit.perHour} per hour` : `${limit.perMinute} per minute`}`,
        );
    });
  let total = 0;
  return {
    async acquire(): Promise<void> {
      if (pacer) await pacer.acquire();
      total++;
    },
    /** Requests let through so far (all of them, when pacing is lifted). */
    count: () => total,
  };
}

export type Pacer = ReturnType<typeof createPacer>;
