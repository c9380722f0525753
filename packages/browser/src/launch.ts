import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/** Headless, and off the network Chromium would call home on (updates, sync, QUIC probes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where each system's package puts Chromium (or Chrome), in the order they are tried. */
export const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export class NoChromiumError extends Error {}

const HOW =
  'install it (Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH to its executable';

/** The Chromium to run: `CHROMIUM_PATH` when set (it must exist), else the first system one found. */
export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
  candidates: readonly string[] = SYSTEM_PATHS,
): string {
  const named = env.CHROMIUM_PATH;
  if (named) {
    if (exists(named)) return named;
    throw new NoChromiumError(`CHROMIUM_PATH names ${named}, which does not exist; ${HOW}`);
  }
  const found = candidates.find(exists);
  if (found) return found;
  throw new NoChromiumError(`no Chromium found (looked in ${candidates.join(', ')}); ${HOW}`);
}

/** Launches headless Chromium; `args` are added to CHROMIUM_ARGS. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
