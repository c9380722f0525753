import { refuse } from '../errors/index.js';

export interface RateLimitOptions {
  perMinute: number;
  perHour: number;
}

/**
 * The control API's limit per key (when the sandbox has a limit at all): generous for a test's
 * set-up (a conformance run makes about 60 control calls), a ceiling for a hosted sandbox.
 */
export const CONTROL_RATE_LIMIT: RateLimitOptions = { perMinute: 600, perHour: 18_000 };

/**
 * Fixed windows per key: a minute and an hour, counted on the sandbox clock (so that moving the
 * clock forward also opens a new window). Over either limit: 429 with Retry-After in seconds.
 */
export function createRateLimiter(options: RateLimitOptions) {
  const windows = new Map<string, { minute: number; minuteCount: number; hour: number; hourCount: number }>();
  return function check(key: string, now: number): void {
    const minute = Math.floor(now / 60_000);
    const hour = Math.floor(now / 3_600_000);
    const w = windows.get(key) ?? { minute, minuteCount: 0, hour, hourCount: 0 };
    if (w.minute !== minute) Object.assign(w, { minute, minuteCount: 0 });
    if (w.hour !== hour) Object.assign(w, { hour, hourCount: 0 });
    windows.set(key, w);
    const overHour = w.hourCount >= options.perHour;
    const overMinute = w.minuteCount >= options.perMinute;
    if (overHour || overMinute) {
      const resetAt = overHour ? (hour + 1) * 3_600_000 : (minute + 1) * 60_000;
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      const limit = overHour ? `${options.perHour} calls per hour` : `${options.perMinute} calls per minute`;
      throw refuse('rateLimited', { limit, retryAfter }).with({ 'Retry-After': String(retryAfter) });
    }
    w.minuteCount++;
    w.hourCount++;
  };
}
