// The keys' turns (src/http/fair.ts) on an injected clock: which key goes first, who waits, and for
// how long, decided by the scheduler itself rather than read off latencies on a shared machine. The
// latency it buys (another key's p99 under a hostile key) is measured by npm run bench (tenants.ts).
import { describe, expect, it } from 'vitest';
import { KEY_WORK } from '../src/hosting-quotas.js';
import { createFairness } from '../src/http/fair.js';

/** A scheduler on a clock the test moves, and the order in which keys got their turns. */
function stage(work: Parameters<typeof createFairness>[0] = KEY_WORK) {
  const clock = { now: 0 };
  const fair = createFairness(work, () => clock.now);
  const order: string[] = [];
  const turn = (key: string) => fair.turn(key).then(() => order.push(key));
  return { clock, fair, order, turn };
}

/** Lets timers and immediates run (the scheduler dispatches on setImmediate and setTimeout). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('turns', () => {
  it('the key that spent least goes first', async () => {
    const { fair, order, turn } = stage();
    fair.charge('a', 10);
    fair.charge('b', 5);
    await Promise.all([turn('a'), turn('b'), turn('c')]);
    expect(order).toEqual(['c', 'b', 'a']);
  });

  it('a key past its share waits while another is active, and goes once its debt drained', async () => {
    const { clock, fair, order, turn } = stage();
    const debt = 100;
    fair.charge('hog', debt);
    const hog = turn('hog');
    await turn('quiet');
    await settle();
    // However long it waits in real time, the clock has not moved: its debt has not drained.
    expect(order).toEqual(['quiet']);
    // Its debt drains at the share's rate; at the burst it may go.
    clock.now += (debt - KEY_WORK.burstMs) / KEY_WORK.share - 1;
    await settle();
    expect(order).toEqual(['quiet']);
    clock.now += 1;
    await hog;
    expect(order).toEqual(['quiet', 'hog']);
  });

  it(`alone (no other key within ${KEY_WORK.activeMs} ms), a key past its share goes at once`, async () => {
    const { clock, fair, order, turn } = stage();
    await turn('other');
    clock.now += KEY_WORK.activeMs;
    fair.charge('solo', 10_000);
    await turn('solo');
    expect(order).toEqual(['other', 'solo']);
  });

  it('steps of one key go round with another’s, rather than all of its queue first', async () => {
    const { order, turn } = stage();
    await Promise.all([turn('a'), turn('a'), turn('a'), turn('b'), turn('b')]);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a']);
  });
});

describe('units of work in flight', () => {
  const small = { ...KEY_WORK, units: 2, waiting: 1 };

  it('a call past the units waits for one to be given back; past the queue, 429 too_busy', async () => {
    const { fair } = stage(small);
    const first = await fair.enter('k', 1);
    await fair.enter('k', 1);
    let entered = false;
    const third = fair.enter('k', 1).then((release) => {
      entered = true;
      return release;
    });
    await expect(fair.enter('k', 1)).rejects.toMatchObject({
      status: 429,
      messages: [{ code: 'too_busy' }],
      headers: { 'Retry-After': '1' },
    });
    await settle();
    expect(entered).toBe(false);
    first();
    first(); // given back once, however often called
    (await third)();
    expect(entered).toBe(true);
    // Another key's units are its own.
    await fair.enter('other', 2);
  });
});
