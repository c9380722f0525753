import { parseArgs } from 'node:util';
import { HELP } from './help.js';
import { RunError } from './select.js';

// The CLI's flags and how their values are read; a mistake is one line that names the flag.
export const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'other-api-key': { type: 'string' },
  target: { type: 'string' },
  provision: { type: 'string' },
  fixtures: { type: 'string' },
  sms: { type: 'string' },
  mobile: { type: 'string' },
  strict: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  'rate-per-minute': { type: 'string' },
  'rate-per-hour': { type: 'string' },
  'no-pacing': { type: 'boolean' },
  timeout: { type: 'string' },
  slow: { type: 'boolean' },
  seed: { type: 'string' },
  'negative-budget': { type: 'string' },
  explore: { type: 'string' },
  'write-fixtures': { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  'result-path': { type: 'string' },
  'listing-path': { type: 'string' },
  profile: { type: 'string' },
  'from-openapi': { type: 'string' },
  upstream: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  until: { type: 'string' },
  for: { type: 'string' },
  'max-body': { type: 'string' },
  remember: { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Flags as node:util reads them; a mistake is one line that names the flag, never a stack. */
export function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    const flag = /option '([^']+)'/i.exec(message)?.[1];
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag)
      throw new RunError(`unknown flag ${flag} (see tas-conformance --help)`);
    throw new RunError(`${message.split('\n')[0]} (see tas-conformance --help)`);
  }
}

// The flags each command takes are those its --help names (plan also takes run's: "give it the flags
// you mean to run with"), so a flag of another command is refused rather than silently ignored.
const named = (text: string) => new Set([...text.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1] as string));
const TAKES: Record<string, Set<string>> = {
  main: named(HELP.main),
  run: named(HELP.run),
  plan: named(HELP.run + HELP.plan),
  profile: named(HELP.profile),
  proxy: named(HELP.proxy),
};

/** Refuses a flag the command does not take, naming the commands that do. */
export function checkFlags(command: string | undefined, values: Record<string, unknown>) {
  const takes = TAKES[command ?? 'main'];
  if (!takes) return;
  const name = command ?? 'tas-conformance';
  for (const flag of Object.keys(values)) {
    if (flag === 'help' || takes.has(flag)) continue;
    const owners = Object.entries(TAKES).filter(([c, set]) => c !== 'main' && set.has(flag));
    const whose = owners.length ? ` (a flag of ${owners.map(([c]) => c).join(' and ')})` : '';
    throw new RunError(`--${flag} is not a flag of ${name}${whose}; see tas-conformance ${command ?? ''} --help`);
  }
}

/** A path the interface does not show, as the deployment has it: under the base path, `{token}` where it takes one. */
export function apiPath(value: string | undefined, flag: string, token: boolean): string | undefined {
  if (value === undefined) return undefined;
  if (!value.startsWith('/') || (token && !value.includes('{token}')))
    throw new RunError(
      `${flag} ${value}: want a path under the API's base path${token ? ' with {token}' : ''}, e.g. /record/{token}/result/`,
    );
  return value;
}

export function seconds(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
    throw new RunError(`--timeout ${value}: want a number of seconds above 0`);
  return Number(value);
}

export function whole(value: string, flag: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > 2 ** 31 - 1)
    throw new RunError(`${flag} ${value}: want a whole number from ${min}`);
  return Number(value);
}

export function oneOf(value: string, allowed: string[], flag: string): string {
  if (!allowed.includes(value)) throw new RunError(`${flag} ${value}: want ${allowed.join(', ')}`);
  return value;
}

export function count(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new RunError(`a rate must be a positive integer, not ${value}`);
  return Number(value);
}

export const list = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
export const duration = (s: number) =>
  s < 60 ? `${s} s` : s < 3600 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;
export const redact = (text: string, secrets: string[]) => secrets.reduce((t, s) => t.split(s).join('***'), text);
