import { KEY_WORK } from '../limits.js';
import { ApiError } from './envelope.js';

interface Key {
  /** Units in flight. */
  used: number;
  /** Calls waiting for units, in arrival order. */
  queue: { weight: number; enter: () => void }[];
}

/**
 * Keys kept apart by cost. Each key may have KEY_WORK.units of work in flight (a costly call weighs
 * more); later calls wait for units, at most KEY_WORK.waiting of them, then 429 `too_busy`. Work
 * runs in steps, one step per turn of the event loop, the keys taking turns: a key with many calls
 * delays another key's call by about one of its steps, not by all of its calls.
 */
export function createFairness(work: { units: number; waiting: number } = KEY_WORK) {
  const keys = new Map<string, Key>();
  // Keys with a step ready to run, in the order they take turns (a Map keeps insertion order).
  const ready = new Map<string, (() => void)[]>();
  let scheduled = false;

  function dispatch(): void {
    scheduled = false;
    const next = ready.entries().next();
    if (next.done) return;
    const [key, steps] = next.value;
    const step = steps.shift();
    ready.delete(key);
    if (steps.length) ready.set(key, steps); // to the back of the round
    if (ready.size) schedule();
    // The step runs as this callback's microtask, before the next turn of the loop.
    step?.();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  function keyOf(name: string): Key {
    let key = keys.get(name);
    if (!key) {
      key = { used: 0, queue: [] };
      keys.set(name, key);
    }
    return key;
  }

  return {
    /**
     * Takes `weight` units of the key's work, waiting for them if they are in use; resolves to the
     * function that gives them back (once), or throws 429 when too many calls wait already.
     */
    async enter(name: string, weight: number): Promise<() => void> {
      const key = keyOf(name);
      if (key.used + weight <= work.units && key.queue.length === 0) key.used += weight;
      else if (key.queue.length >= work.waiting)
        throw new ApiError(
          429,
          [
            {
              code: 'too_busy',
              text: `This key has ${work.units} units of work in flight and ${key.queue.length} calls waiting, the most it may; retry after 1 second.`,
            },
          ],
          { 'Retry-After': '1' },
        );
      else await new Promise<void>((enter) => key.queue.push({ weight, enter }));
      let given = false;
      return () => {
        if (given) return;
        given = true;
        key.used -= weight;
        for (let next = key.queue[0]; next && key.used + next.weight <= work.units; next = key.queue[0]) {
          key.queue.shift();
          key.used += next.weight;
          next.enter();
        }
        if (key.used === 0 && key.queue.length === 0) keys.delete(name);
      };
    },
    /** Resolves when it is this key's turn to run a step. */
    turn(name: string): Promise<void> {
      return new Promise((resolve) => {
        const steps = ready.get(name);
        if (steps) steps.push(resolve);
        else ready.set(name, [resolve]);
        schedule();
      });
    },
  };
}
export type Fairness = ReturnType<typeof createFairness>;
