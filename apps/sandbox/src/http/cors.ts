import { RATE_LIMIT_HEADERS } from './rate-limit.js';

/** Origins of this machine (any port): what a local sandbox answers CORS to by default. */
export const LOCAL = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/;

/** Every header the sandbox sends that a page's script may read (Try it shows them). */
const EXPOSE = { 'Access-Control-Expose-Headers': ['Retry-After', 'Allow', ...RATE_LIMIT_HEADERS].join(', ') };
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The CORS headers for a request from `origin`: a page may call the sandbox from a browser only if
 * its origin is one the host named (`allowed`; `*` any), or by default one of this machine. Any
 * other website gets no CORS header, so it cannot drive a sandbox on its public default keys.
 */
export function createCors(allowed?: readonly string[]) {
  const any = allowed?.includes('*') ?? false;
  const named = new Set(allowed ?? []);
  const admits = (origin: string) => any || (allowed ? named.has(origin) : LOCAL.test(origin));
  return (origin: string | undefined): Readonly<Record<string, string>> => {
    if (origin === undefined || !admits(origin)) return NONE;
    return any
      ? { ...EXPOSE, 'Access-Control-Allow-Origin': '*' }
      : { ...EXPOSE, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  };
}
