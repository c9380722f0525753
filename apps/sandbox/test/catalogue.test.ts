// The error catalogue (@tas/openapi's and src/errors/) against what it answers for: the mock's
// Prefer table and the interface's words (quoted word for word, when the interface document is at
// hand: TAS_INTERFACE_MD, or shared/interface.md beside the clone). The description's error
// examples are written from it.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFUSALS, type Refusal } from '../src/errors/index.js';

const entries = Object.entries(REFUSALS) as [string, Refusal<unknown>][];

describe('the error catalogue', () => {
  it("is the mock's Prefer table: each refusal with an example is a row of the mock README, and only those", () => {
    const readme = readFileSync(new URL('../../mock/README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/`code=(\d{3}), example=(\w+)`/g)].map((m) => `${m[1]} ${m[2]}`);
    const mine = [...new Set(entries.flatMap(([, r]) => (r.example ? [`${r.status} ${r.example.name}`] : [])))];
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
