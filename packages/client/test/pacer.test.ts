import { describe, expect, it } from 'vitest';
import { Pacer, type RateLimit } from '../src/pacer.js';
import { fakeClock } from './helpers/fake-clock.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The most calls any window of `span` ms holds among sorted send times. */
function busiest(times: number[], span: number): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= span) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('Pacer', () => {
  it.each<[string, RateLimit, number]>([
    // [name, limits, earliest possible time of the 250th call]
    ['the interface limits (minute binds)', { perMinute: 100, perHour: 3000 }, 2 * MINUTE],
    ['a tight hour (hour binds)', { perMinute: 100, perHour: 120 }, 2 * HOUR],
    ['a tight minute', { perMinute: 10, perHour: 3000 }, 24 * MINUTE],
  ])('250 concurrent calls never exceed either window: %s', async (_name, limit, lastAt) => {
    const clock = fakeClock(0);
    const pacer = new Pacer(limit, clock);
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 250 }, () => Promise.resolve(pacer.acquire()).then(() => times.push(clock.now()))),
    );
    expect(times).toHaveLength(250);
    expect(busiest(times, MINUTE)).toBeLessThanOrEqual(limit.perMinute);
    expect(busiest(times, HOUR)).toBeLessThanOrEqual(limit.perHour);
    // Paced, not stalled: the last call leaves as soon as the windows allow.
    expect(times.at(-1)).toBe(lastAt);
  });

  it('holds every call back while paused (a 429 Retry-After)', async () => {
    const clock = fakeClock(0);
    const pacer = new Pacer({ perMinute: 100, perHour: 3000 }, clock);
    pacer.pause(12_000);
    await pacer.acquire();
    expect(clock.now()).toBe(12_000);
  });

  it('an aborted wait rejects and lets the next caller through', async () => {
    const clock = fakeClock(0);
    const pacer = new Pacer({ perMinute: 1, perHour: 3000 }, clock);
    await pacer.acquire();
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(Promise.resolve(pacer.acquire(controller.signal))).rejects.toThrow('gone');
    await pacer.acquire();
    expect(clock.now()).toBe(MINUTE);
  });
  it.each<[string, RateLimit, number, number, [number, string][]]>([
    // [name, limits, calls, pause until, the waits told]
    ['the minute binds', { perMinute: 2, perHour: 3000 }, 3, 0, [[MINUTE, 'minute']]],
    ['the hour binds', { perMinute: 2, perHour: 2 }, 3, 0, [[HOUR, 'hour']]],
    ['a 429 pause holds', { perMinute: 100, perHour: 3000 }, 1, 5_000, [[5_000, 'pause']]],
    ['no wait, nothing told', { perMinute: 100, perHour: 3000 }, 100, 0, []],
  ])('tells each wait as it begins, and why: %s', async (_name, limit, calls, pauseUntil, want) => {
    const clock = fakeClock(0);
    const told: [number, string][] = [];
    const pacer = new Pacer(limit, clock, (ms, reason) => told.push([ms, reason]));
    if (pauseUntil) pacer.pause(pauseUntil);
    for (let i = 0; i < calls; i++) await pacer.acquire();
    expect(told).toEqual(want);
  });
});
