import type { Clock } from '../src/types.js';

/** A clock whose sleep advances time at once: paced runs take no real time, and the waits are measurable. */
export function fakeClock(start = 0): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}
