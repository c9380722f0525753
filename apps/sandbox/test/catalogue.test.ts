// The error catalogue (src/errors/) against what it answers for: the description's named error
// examples (same code, same status) and the interface's words (quoted word for word, when the
// interface document is at hand: TAS_INTERFACE_MD, or shared/interface.md beside the clone).
import { existsSync, readFileSync } from 'node:fs';
import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { REFUSALS, type Refusal } from '../src/errors/index.js';

const doc = loadDescription();
const entries = Object.entries(REFUSALS) as [string, Refusal<unknown>][];
/** Every named error example of the description, with the statuses it is documented under. */
const examples = new Map<string, { statuses: Set<number>; messages: { code: string; text: string }[] }>();
for (const op of listOperations(doc))
  for (const [status, response] of Object.entries(op.responses))
    for (const [name, value] of Object.entries(response.examples)) {
      const messages = (value as { messages?: { code: string; text: string }[] }).messages;
      if (Number(status) < 400 || !messages) continue;
      const seen = examples.get(name) ?? { statuses: new Set(), messages };
      seen.statuses.add(Number(status));
      examples.set(name, seen);
    }

describe('the error catalogue', () => {
  it.each(entries.filter(([, r]) => r.example))('%s has the code and status of its example', (_, r) => {
    const example = examples.get(r.example as string);
    expect(example, `${r.example} is no error example of the description`).toBeDefined();
    expect([example?.messages[0]?.code, example?.statuses.has(r.status)]).toEqual([r.code, true]);
  });

  it('gives every code the description shows in its error examples', () => {
    const codes = new Set(entries.map(([, r]) => r.code));
    const shown = [...examples.values()].flatMap((e) => e.messages.map((m) => m.code));
    expect(shown.filter((c) => !codes.has(c))).toEqual([]);
  });

  it('writes its fixed messages as the examples do, but one the lead should reconcile', () => {
    const differ = entries
      .filter(([, r]) => r.example && r.text.length === 0)
      .filter(([, r]) => examples.get(r.example as string)?.messages[0]?.text !== r.text(undefined))
      .map(([name]) => name);
    // The sandbox's words came first and stay (issue 40: no message changes); the example differs.
    expect(differ).toEqual(['noPendingAuth']);
  });

  it("is the mock's Prefer table: each refusal with an example is a row of the mock README, and only those", () => {
    const readme = readFileSync(new URL('../../mock/README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/`code=(\d{3}), example=(\w+)`/g)].map((m) => `${m[1]} ${m[2]}`);
    const mine = [...new Set(entries.flatMap(([, r]) => (r.example ? [`${r.status} ${r.example}`] : [])))];
    expect(rows.sort()).toEqual(mine.sort());
  });

  it('says stated only with the interface row it answers', () => {
    expect(entries.filter(([, r]) => r.stated && !r.row).map(([name]) => name)).toEqual([]);
  });

  const named = process.env.TAS_INTERFACE_MD;
  const beside = new URL('../../../../shared/interface.md', import.meta.url).pathname;
  const path = named ?? (existsSync(beside) ? beside : undefined);
  it.runIf(path)('quotes the interface word for word', () => {
    // Table cells joined by ` | `, as the catalogue quotes them.
    const text = readFileSync(path as string, 'utf8').replace(/[ \t]*\|[ \t]*/g, ' | ');
    const rows = [...new Set(entries.flatMap(([, r]) => (r.row ? [r.row] : [])))];
    expect(rows.filter((row) => !text.includes(row))).toEqual([]);
  });
});
