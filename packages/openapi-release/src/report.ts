import type { Change } from './changes.js';
import type { GateResult } from './gate.js';

/** What `npm run diff` prints: each change with its class, then the verdict. */
export function formatReport(result: GateResult & { released: string; version: string }): string {
  const lines = [`Comparing the working description (${result.version}) with release ${result.released}`];
  if (result.changes.length === 0) lines.push('No changes.');
  for (const c of result.changes) lines.push(line(c));
  const count = (k: Change['kind']) => result.changes.filter((c) => c.kind === k).length;
  lines.push(
    `${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('annotation')} annotation` +
      ` (${result.changes.filter((c) => c.assumed).length} touching x-assumed)`,
  );
  for (const p of result.problems) lines.push(`FAIL ${p}`);
  lines.push(result.ok ? 'OK the gate passes' : 'The gate fails');
  return lines.join('\n');
}

function line(c: Change): string {
  const tag = c.kind.toUpperCase().padEnd(12);
  return `  ${tag} ${c.text}${c.assumed ? ' [x-assumed: our decision, not the interface]' : ''}`;
}
