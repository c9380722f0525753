import type { Check } from './check.js';
import type { ResponseRule } from './responses/index.js';

/** Thrown when the run cannot be made (bad options, unreachable target, missing fixtures): exit code 2. */
export class RunError extends Error {}

/** `--only` / `--skip`: an id, or an id prefix before a dot (`example` selects every `example.*`). */
export function select(checks: Check[], rules: ResponseRule[], only: string[] = [], skip: string[] = []) {
  const known = [...checks.map((c) => c.id), ...rules.map((r) => r.id)];
  const matches = (id: string, pattern: string) => id === pattern || id.startsWith(`${pattern}.`);
  for (const pattern of [...only, ...skip])
    if (!known.some((id) => matches(id, pattern))) throw new RunError(`unknown check id: ${pattern} (see --list)`);
  const chosen = (id: string) =>
    (only.length === 0 || only.some((p) => matches(id, p)) || id.startsWith('response.')) &&
    !skip.some((p) => matches(id, p));
  return { checks: checks.filter((c) => chosen(c.id)), rules: rules.filter((r) => chosen(r.id)) };
}
