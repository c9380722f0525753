import { UsageError } from './usage-error.js';

/**
 * A port from a flag or an environment variable: `source` names where it came from (`--port`,
 * `MOCK_PORT`) so the message points there. `undefined` or empty gives the fallback.
 */
export function parsePort(raw: string | undefined, source: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (Number.isInteger(port) && port <= 65535) return port;
  const given = source.startsWith('-') ? `${source} ${raw}` : `${source}=${raw}`;
  throw new UsageError(`${given} is not a port; give a whole number from 0 to 65535 (0 picks a free one)`);
}

/** The port a command listens on: `--port` if given, else the variable `envName` (e.g. MOCK_PORT), else the fallback. */
export function portOption(
  flag: string | undefined,
  envName: string,
  env: NodeJS.ProcessEnv,
  fallback: number,
): number {
  return flag !== undefined ? parsePort(flag, '--port', fallback) : parsePort(env[envName], envName, fallback);
}
