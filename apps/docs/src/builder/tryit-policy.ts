import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Any server on this machine, where a partner starts tas-sandbox or tas-mock from Downloads. */
export const LOCAL_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The hosted targets a built site names (its tryit.json's `connect`), for the docs server's header. */
export function hostedTargets(siteDir: string): string[] {
  try {
    const config = JSON.parse(readFileSync(join(siteDir, 'tryit.json'), 'utf8')) as { connect?: unknown };
    return Array.isArray(config.connect) ? config.connect.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
