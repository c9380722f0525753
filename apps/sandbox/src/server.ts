import type { Server } from 'node:http';
import { createGuardedServer, envelope, listen, trustList } from '@tas/serve';
import { createApp, type Exchange, quiet } from './app.js';
import { createFormSecrets, formKey } from './forms/secret.js';
import type { RateLimitOptions } from './http/rate-limit.js';
import { limits } from './interface-limits.js';
import { createKeyRing } from './keys/ring.js';
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
  /**
   * The default organizers' keys (default `sandbox-key-sms`, `sandbox-key-instant`) and the host key,
   * which issues, lists and revokes partner keys through the control API (none by default: no
   * partner keys but those the `keys` command writes into a `--db` file).
   */
  keys?: { sms?: string; instant?: string; host?: string };
  /** The address partners reach the sandbox at (behind a proxy, its https address); default where it listens. */
  publicUrl?: string;
  /** Origins a browser page may call from (`*` any); default the origins of this machine (any port). */
  cors?: readonly string[];
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For (else X-Real-IP) names the client, so
   * that per-client bounds hold behind them; their own connections are held to no client's share.
   */
  trustProxy?: readonly string[];
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

/** What `GET /` answers: where to read, and the default keys that work here (if they are in effect). */
function rootText(sms: string | undefined, instant: string | undefined): string {
  const local = [sms && `${sms} (SMS mode)`, instant && `${instant} (instant mode)`].filter(Boolean);
  return `This is the sandbox of the Test Administration Service API v2; nothing is served at /. The API is at /api/v2/ (e.g. GET /api/v2/record/ with an API-KEY header) and the control API at /__sandbox/; read tas-sandbox --help, the sandbox's README and the docs site's Getting started. ${local.length ? `Keys that work here: ${local.join(', ')}.` : 'Keys are issued by whoever hosts this sandbox.'}`;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.now ?? Date.now;
  const db = openDb(options.db);
  ensureSeed(db, clock());
  const sms = options.keys?.sms ?? DEFAULT_KEYS.sms;
  const instant = options.keys?.instant ?? DEFAULT_KEYS.instant;
  const keys = createKeyRing(db, {
    fixed: new Map([
      [sms, 'sms'],
      [instant, 'instant'],
    ]),
    host: options.keys?.host,
  });
  let publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const app = createApp({
    db,
    keys,
    publicUrl: () => publicUrl ?? '',
    cors: options.cors,
    formSecrets: createFormSecrets(formKey(db, options.keys?.host)),
    rootText: rootText(
      sms === DEFAULT_KEYS.sms ? sms : undefined,
      instant === DEFAULT_KEYS.instant ? instant : undefined,
    ),
    rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
    clock,
    log: options.log ?? quiet,
    observe: options.observe,
  });
  const trusted = trustList(options.trustProxy ?? []);
  if ('bad' in trusted) throw new Error(`trustProxy ${trusted.bad} is not an address or a CIDR range`);
  const server = createGuardedServer(app, { answer: envelope, log: options.log ?? quiet, trusted });
  const listening = await listen(server, options.port ?? 4020, options.host ?? '127.0.0.1');
  publicUrl ??= listening.url;
  return {
    url: listening.url,
    server: listening.server,
    close: () => listening.close().finally(() => db.close()),
  };
}
