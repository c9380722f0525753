/**
 * The URL of a request target on a server at `base` (no trailing slash), read as `new URL(target,
 * base)` reads it, or undefined when it names nothing URL can read. A path that URL takes for a
 * broken host (`//`, `//:x/`) is read as the path it is instead of throwing.
 */
export function targetUrl(target: string, base: string): URL | undefined {
  try {
    return new URL(target, base);
  } catch {
    return target.startsWith('/') ? new URL(`${base}${target}`) : undefined;
  }
}
