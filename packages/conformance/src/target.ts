import { type FixturePool, filePool, sandboxPool } from './fixtures-file/pool.js';
import type { Http } from './http/client.js';
import type { Created, Settled } from './options.js';
import { RunError } from './select.js';
import { type SmsProvider, sandboxSms } from './sms.js';

/** Where fixtures and SMS codes come from for this run. Control calls are paced like the rest. */
export function setupTarget(
  options: Settled,
  http: Http,
): {
  pool: FixturePool;
  /** The other organizer's fresh resources: provisioned on a sandbox, else the fixtures file's `other`. */
  otherPool?: FixturePool;
  sms: SmsProvider;
  created: Created[];
  advance: (seconds: number) => Promise<void>;
} {
  const base = options.baseUrl;
  const created: Created[] = [];
  const control = async (method: string, path: string, body?: unknown, key: 'main' | 'other' = 'main') => {
    const exchange = await http.send(
      {
        method,
        url: `${base}${path}`,
        key,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      '__control',
    );
    if (exchange.response.status >= 300)
      throw new RunError(
        `sandbox control API ${method} ${path} answered ${exchange.response.status}: ${exchange.response.text.slice(0, 200)}`,
      );
    return exchange.response.json;
  };
  const pool: FixturePool =
    options.provision === 'sandbox'
      ? listing(
          sandboxPool((path, body) => control('POST', path, body)),
          created,
        )
      : options.fixtures
        ? filePool(options.fixtures)
        : {
            take: async () => {
              throw new RunError('missing fixtures: pass --fixtures FILE or --provision sandbox');
            },
          };
  const sms: SmsProvider =
    options.sms === 'sandbox' || (options.sms === undefined && options.provision === 'sandbox')
      ? sandboxSms((path, key) => control('GET', path, undefined, key))
      : (options.sms ?? {
          name: 'none',
          code: async () => {
            throw new RunError('the organizer authenticates by SMS: pass --sms sandbox|code:CODE|command:CMD|prompt');
          },
        });
  // Time that must pass (the draft_token's 5 minutes): the sandbox's control clock, else really waited.
  const advance = async (seconds: number) => {
    if (options.target === 'sandbox' || options.provision === 'sandbox')
      await control('POST', '/__sandbox/clock/', { seconds });
    else await options.clock.sleep(seconds * 1000);
  };
  const otherPool = !options.otherApiKey
    ? undefined
    : options.provision === 'sandbox'
      ? sandboxPool((path, body) => control('POST', path, body, 'other'))
      : options.fixtures?.other && filePool(options.fixtures.other);
  return { pool, otherPool, sms, created, advance };
}

function listing(pool: FixturePool, created: Created[]): FixturePool {
  return {
    async take(kind) {
      const token = await pool.take(kind);
      const state = kind === 'roadmaps' ? 'ready roadmap' : kind === 'vipWait' ? 'vip_wait' : 'ready';
      // An HTML test's record is a ready record too.
      created.push({ kind: kind === 'roadmaps' ? 'roadmap' : 'record', state, token });
      return token;
    },
  };
}
