import type { Server } from 'node:http';
import { createGuardedServer, envelope, listen } from '@tas/serve';
import { createApp, type Exchange, quiet } from './app.js';
import { limits } from './catalog/examples.js';
import type { RateLimitOptions } from './http/rate-limit.js';
import { openDb } from './store/db.js';
import { ensureSeed } from './store/seed.js';

export interface SandboxOptions {
  /** Port to listen on; 0 picks a free one. Default 4020. */
  port?: number;
  host?: string;
  /** SQLite file; default in memory. */
  db?: string;
  /** Per API key; default the interface's 100/minute and 3,000/hour; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  keys?: { sms?: string; instant?: string };
  log?: (line: string) => void;
  /** The sandbox clock in epoch milliseconds; default Date.now. */
  now?: () => number;
  /** Sees every answered request (tests validate them against the descriptions). */
  observe?: (exchange: Exchange) => void;
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
  /** The node server, for a supervisor to watch (npm start). */
  server: Server;
}

export const DEFAULT_KEYS = { sms: 'sandbox-key-sms', instant: 'sandbox-key-instant' } as const;
/** The interface's windows, from the description's info.x-limits. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perMinute: limits.ratePerMinute, perHour: limits.ratePerHour };

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.now ?? Date.now;
  const db = openDb(options.db);
  ensureSeed(db, clock());
  const keys = new Map([
    [options.keys?.sms ?? DEFAULT_KEYS.sms, 'sms'],
    [options.keys?.instant ?? DEFAULT_KEYS.instant, 'instant'],
  ]);
  const app = createApp({
    db,
    keys,
    rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
    clock,
    log: options.log ?? quiet,
    observe: options.observe,
  });
  const server = createGuardedServer(app, { answer: envelope, log: options.log ?? quiet });
  const listening = await listen(server, options.port ?? 4020, options.host ?? '127.0.0.1');
  return {
    url: listening.url,
    server: listening.server,
    close: () => listening.close().finally(() => db.close()),
  };
}
