/** A clock whose sleeps advance time at once, recording each wait. */
export function fakeClock(start = 1_700_000_000_000) {
  const sleeps: number[] = [];
  const clock = {
    time: start,
    sleeps,
    now: () => clock.time,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}
