import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { documentedCodes } from '../src/guide/errors.js';
import { limitsSection } from '../src/guide/limits.js';
import { textOf } from './page-text.js';

const doc = loadDescription();
const rows = [...limitsSection(doc).matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
  [...(m[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1] ?? '')),
);
const value = (limit: string) => rows.find((r) => r[0] === limit)?.[1];

// Getting started's Limits: values a partner reads, the interface's limits and the servers' bounds.
describe('the Limits table', () => {
  it('has a value and what it applies to for each limit, and no JSON pointer column', () => {
    expect(rows[0]).toEqual(['Limit', 'Value', 'Applies to']);
    for (const row of rows) expect(row.join(' ')).not.toMatch(/\/components\/|#\//);
  });

  it.each([
    ['API rate', /^100 calls a minute and 3,000 an hour; past them, 429/],
    ['draft_token validity', /^5 minutes$/],
    ['mobile', /^11 digits, starting with 09/],
    ['Mobile duplicate limit', /^not stated by the interface; the sandbox allows 5 completed SMS authentications/],
    ['roles', /^1 to 20 items$/],
    ['profile.name', /^at most 50 characters, Persian letters$/],
    ['SMS code', /^4 to 8 digits \(assumed\)$/],
    ['Request body', /^at most 1 MiB \(413 past it\)/],
  ])('%s: %s', (limit, want) => {
    expect(value(limit)).toMatch(want);
  });

  it('shows no error message as a value', () => {
    for (const row of rows.slice(1)) expect(row[1]).not.toMatch(/exceeded|Draft of|Iranian mobile number/);
  });
});

describe('invalid_body on Error codes', () => {
  it('names both causes, JSON that does not parse and JSON that breaks the schema, one message per field', () => {
    const cause = documentedCodes(doc).find((c) => c.code === 'invalid_body')?.cause ?? '';
    expect(cause).toMatch(/not valid JSON, or is valid JSON that breaks the operation's request schema/);
    expect(cause).toMatch(/One message per field/);
  });
});
