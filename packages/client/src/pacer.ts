import type { Clock } from './clock.js';
import { limits } from './generated/operations.js';

/** Calls allowed per window. The interface: 100 per minute and 3,000 per hour, for all API calls. */
export interface RateLimit {
  perMinute: number;
  perHour: number;
}

export const defaultRateLimit: RateLimit = { perMinute: limits.ratePerMinute, perHour: limits.ratePerHour };

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Told as a wait begins: how long, and what holds the call (a window's limit, or a 429's pause). */
export type PacerWait = (ms: number, reason: 'minute' | 'hour' | 'pause') => void;

/**
 * Paces calls so that no sliding window (a minute, an hour) ever holds more than its limit, and
 * holds every call back while the server asks to wait (a 429's Retry-After).
 */
export class Pacer {
  /** Send times of the last hour, ascending. */
  private sent: number[] = [];
  private pausedUntil = 0;
  /** Callers take turns, so that concurrent calls never race for the same slot. */
  private turn: Promise<void> = Promise.resolve();
  private readonly windows: [limit: number, span: number][];

  constructor(
    limit: RateLimit,
    private readonly clock: Clock,
    private readonly onWait?: PacerWait,
  ) {
    this.windows = [
      [limit.perMinute, MINUTE],
      [limit.perHour, HOUR],
    ];
    this.keep = Math.max(limit.perMinute, limit.perHour);
  }

  /** Send times kept: only the most recent `keep` (the largest limit) can decide a wait. */
  private readonly keep: number;

  /** Callers waiting their turn; while none wait, a free slot is taken at once. */
  private waiting = 0;

  /**
   * Takes a slot in every window and records the call as sent: at once (`undefined`) when one is
   * free and nobody waits, else through a promise that resolves when it is the caller's turn.
   */
  acquire(signal?: AbortSignal): Promise<void> | undefined {
    if (this.waiting === 0 && !signal?.aborted) {
      const now = this.clock.now();
      if (this.waitFor(now) <= 0) return this.record(now);
    }
    this.waiting++;
    const mine = this.turn.then(() => this.take(signal)).finally(() => this.waiting--);
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** No call leaves before `until` (ms since the epoch). */
  pause(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  private async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      const wait = this.waitFor(now);
      if (wait <= 0) return this.record(now);
      this.onWait?.(wait, this.reason(now));
      await this.clock.sleep(wait, signal);
    }
  }

  private record(now: number): undefined {
    this.sent.push(now);
    if (this.sent.length > 2 * this.keep) this.sent = this.sent.slice(-this.keep);
    return undefined;
  }

  /** What holds a call back at `now`: the longest wait, the minute's on a tie (asked only as a wait begins). */
  private reason(now: number): 'minute' | 'hour' | 'pause' {
    const [minute, hour] = this.windows.map(([limit, span]) => this.windowWait(limit, span, now)) as [number, number];
    if (this.pausedUntil - now > Math.max(minute, hour)) return 'pause';
    return hour > minute ? 'hour' : 'minute';
  }

  /** Milliseconds until a call may leave at `now`. */
  private waitFor(now: number): number {
    let wait = this.pausedUntil - now;
    for (const [limit, span] of this.windows) wait = Math.max(wait, this.windowWait(limit, span, now));
    return wait;
  }

  /** Milliseconds until the window of `span` ms has room at `now`; zero or less when it has. */
  private windowWait(limit: number, span: number, now: number): number {
    // The limit-th most recent call must have left the window. (A negative index would be a
    // property lookup by string, slow on every call until the limit is reached.)
    const at = this.sent.length - limit;
    return at >= 0 ? (this.sent[at] as number) + span - now : Number.NEGATIVE_INFINITY;
  }
}
