import { startSandbox } from '@tas/sandbox';
import { type Fault, startFaultProxy } from '../faults/proxy.js';

/**
 * A sandbox of its own (the draft_token check moves its clock) behind a proxy per layer, the
 * first layer next to the sandbox: `[LOOKUP_FIRST, fault]` is a faulty variant of the look-up-first one.
 */
export async function withStack<T>(
  layers: Fault[],
  use: (url: string) => Promise<T>,
  /** The sandbox's clock (default: the real one). */
  now?: () => number,
): Promise<T> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, now });
  const proxies: { url: string; close(): Promise<void> }[] = [];
  try {
    let url = sandbox.url;
    for (const layer of layers) {
      const proxy = await startFaultProxy(url, layer);
      proxies.push(proxy);
      url = proxy.url;
    }
    return await use(url);
  } finally {
    for (const proxy of proxies.reverse()) await proxy.close();
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
