import { startSandbox } from '@tas/sandbox';
import { type Fault, startFaultStack } from '../faults/proxy.js';

/**
 * A sandbox of its own (the draft_token check moves its clock) behind one proxy of the layers, the
 * first layer next to the sandbox: `[fault, variant]` is a faulty deployment that also differs where the interface allows.
 */
export async function withStack<T>(
  layers: Fault[],
  use: (url: string) => Promise<T>,
  /** The sandbox's clock (default: the real one). */
  now?: () => number,
): Promise<T> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, now });
  const proxy = layers.length ? await startFaultStack(sandbox.url, layers) : undefined;
  try {
    return await use(proxy?.url ?? sandbox.url);
  } finally {
    await proxy?.close();
    await sandbox.close();
  }
}

/** At most `limit` runs at once: each run has its own sandbox, and the machine has 2 cores. */
export function limiter(limit: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}
