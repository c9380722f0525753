import { refuse } from '../errors/index.js';
import { KEY_WORK } from '../hosting-quotas.js';

interface Key {
  /** Units in flight. */
  used: number;
  /** Calls waiting for units, in arrival order. */
  queue: { weight: number; enter: () => void }[];
  /** Time spent beyond the key's share (ms), as of `at`; it drains at the share's rate. */
  debt: number;
  at: number;
  /** When the key last asked for a turn. */
  seen: number;
}

/**
 * Keys kept apart by cost. Each key may have `units` of work in flight (a costly call weighs more);
 * later calls wait for units, at most `waiting` of them, then 429 `too_busy`. Work runs in steps,
 * one step per turn of the event loop, the keys taking turns; each step's time is charged to its
 * key, and while another key is active a key past its share waits: one key's load leaves another's
 * calls about as fast as when it is alone.
 */
export function createFairness(
  work: { readonly [K in keyof typeof KEY_WORK]: number } = KEY_WORK,
  clock: () => number = () => performance.now(),
) {
  const keys = new Map<string, Key>();
  // Keys with a step ready to run, in the order they take turns (a Map keeps insertion order).
  const ready = new Map<string, (() => void)[]>();
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;

  function keyOf(name: string): Key {
    let key = keys.get(name);
    if (!key) {
      key = { used: 0, queue: [], debt: 0, at: clock(), seen: clock() };
      keys.set(name, key);
    }
    return key;
  }

  function debtOf(key: Key, now: number): number {
    key.debt = Math.max(0, key.debt - (now - key.at) * work.share);
    key.at = now;
    return key.debt;
  }

  /** Whether another key than `name` asked for a turn lately. */
  function contended(name: string, now: number): boolean {
    for (const [other, key] of keys) if (other !== name && now - key.seen < work.activeMs) return true;
    return false;
  }

  function dispatch(): void {
    scheduled = false;
    const now = clock();
    // The key that has spent least goes first (a key that spent nothing lately, at once); a key past
    // its share while another is active waits until its debt drains.
    let pick: string | undefined;
    let least = Number.POSITIVE_INFINITY;
    let wait = Number.POSITIVE_INFINITY;
    for (const name of ready.keys()) {
      const debt = debtOf(keyOf(name), now);
      if (debt > work.burstMs && contended(name, now)) wait = Math.min(wait, (debt - work.burstMs) / work.share);
      else if (debt < least) [pick, least] = [name, debt];
    }
    const steps = pick === undefined ? undefined : ready.get(pick);
    if (pick !== undefined && steps) {
      const step = steps.shift();
      ready.delete(pick);
      if (steps.length) ready.set(pick, steps); // to the back of the round
      if (ready.size) schedule();
      // The step runs as this callback's microtask, before the next turn of the loop.
      step?.();
      return;
    }
    // Every key with steps is past its share while another is active: wake when the first may go.
    if (ready.size && !timer)
      timer = setTimeout(
        () => {
          timer = undefined;
          schedule();
        },
        Math.max(1, Math.ceil(wait)),
      );
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  return {
    /**
     * Takes `weight` units of the key's work, waiting for them if they are in use; resolves to the
     * function that gives them back (once), or throws 429 when too many calls wait already.
     */
    async enter(name: string, weight: number): Promise<() => void> {
      const key = keyOf(name);
      key.seen = clock();
      if (key.used + weight <= work.units && key.queue.length === 0) key.used += weight;
      else if (key.queue.length >= work.waiting)
        throw refuse('tooBusy', { units: work.units, waiting: key.queue.length }).with({ 'Retry-After': '1' });
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
      };
    },
    /** Resolves when it is this key's turn to run a step. */
    turn(name: string): Promise<void> {
      keyOf(name).seen = clock();
      return new Promise((resolve) => {
        const steps = ready.get(name);
        if (steps) steps.push(resolve);
        else ready.set(name, [resolve]);
        schedule();
      });
    },
    /** Charges a key the time its step took. */
    charge(name: string, ms: number): void {
      const key = keyOf(name);
      debtOf(key, clock());
      key.debt += ms;
    },
  };
}
export type Fairness = ReturnType<typeof createFairness>;
