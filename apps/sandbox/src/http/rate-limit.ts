import { refuse } from '../errors/index.js';

export interface RateLimitOptions {
  perMinute: number;
  perHour: number;
  /** Windows kept at most (the least recently counted dropped first); default unbounded (keys are). */
  clients?: number;
}

/**
 * The control API's limit per key (when the sandbox has a limit at all): generous for a test's
 * set-up (a conformance run makes about 60 control calls), a ceiling for a hosted sandbox.
 */
export const CONTROL_RATE_LIMIT: RateLimitOptions = { perMinute: 600, perHour: 18_000 };

/**
 * The figures of a key's windows after a call, as headers a client (and a browser page: they are
 * exposed to CORS) can read. The interface shows no rate-limit headers; these are the sandbox's own,
 * in the IETF draft's names (draft-ietf-httpapi-ratelimit-headers): the limit and what is left of
 * the window closest to its limit, the seconds until it resets, and both windows as the policy.
 */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

/**
 * Fixed windows per key: a minute and an hour, counted on the clock it is given (the real one: moving
 * a sandbox's clock opens no new window). Over either limit: 429 with Retry-After in seconds. Returns
 * the windows' figures as headers (RATE_LIMIT_HEADERS), on the refusal too.
 */
export function createRateLimiter(options: RateLimitOptions) {
  const policy = `${options.perMinute};w=60, ${options.perHour};w=3600`;
  const windows = new Map<string, { minute: number; minuteCount: number; hour: number; hourCount: number }>();
  let swept = 0;
  function check(key: string, now: number): Record<string, string> {
    const minute = Math.floor(now / 60_000);
    const hour = Math.floor(now / 3_600_000);
    // A window of a past hour counts nothing: dropped, once an hour.
    if (hour !== swept) {
      for (const [k, w] of windows) if (w.hour !== hour) windows.delete(k);
      swept = hour;
    }
    const w = windows.get(key) ?? { minute, minuteCount: 0, hour, hourCount: 0 };
    if (w.minute !== minute) Object.assign(w, { minute, minuteCount: 0 });
    if (w.hour !== hour) Object.assign(w, { hour, hourCount: 0 });
    // Kept in the order last counted, so the first is the one to drop past `clients`.
    windows.delete(key);
    windows.set(key, w);
    if (windows.size > (options.clients ?? Number.POSITIVE_INFINITY))
      windows.delete(windows.keys().next().value as string);
    const overHour = w.hourCount >= options.perHour;
    const overMinute = w.minuteCount >= options.perMinute;
    if (!overHour && !overMinute) {
      w.minuteCount++;
      w.hourCount++;
    }
    // The window with the fewest calls left (the hour once it has fewer left than the minute).
    const hourTighter = options.perHour - w.hourCount < options.perMinute - w.minuteCount;
    const resetAt = hourTighter ? (hour + 1) * 3_600_000 : (minute + 1) * 60_000;
    const reset = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const figures = {
      'RateLimit-Limit': String(hourTighter ? options.perHour : options.perMinute),
      'RateLimit-Remaining': String(hourTighter ? options.perHour - w.hourCount : options.perMinute - w.minuteCount),
      'RateLimit-Reset': String(reset),
      'RateLimit-Policy': policy,
    };
    if (overHour || overMinute) {
      const limit = overHour ? `${options.perHour} calls per hour` : `${options.perMinute} calls per minute`;
      throw refuse('rateLimited', { limit, retryAfter: reset }).with({ ...figures, 'Retry-After': String(reset) });
    }
    return figures;
  }
  /** How many windows are kept (the tests: bounded for any number of clients). */
  return Object.assign(check, { tracked: () => windows.size });
}
