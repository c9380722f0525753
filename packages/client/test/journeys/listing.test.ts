import { describe, expect, it } from 'vitest';
import { createClient, listRecords, type Schemas, type TestRecord } from '../../src/index.js';
import { exampleData } from '../helpers/examples.js';
import { fakeFetch } from '../helpers/fake-fetch.js';
import { useMock } from '../helpers/mock.js';

const sample = exampleData<Schemas['RecordPage']>('RecordPageNewParticipants').results[0] as TestRecord;

/** A listing of `total` records served `size` per page. */
function pagedServer(total: number, size: number) {
  const all = Array.from({ length: total }, (_, i) => ({
    ...sample,
    token: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  }));
  return fakeFetch((s) => {
    const page = Number(s.query.get('page') ?? 1);
    const results = all.slice((page - 1) * size, page * size);
    const next_page = page * size < total ? page + 1 : null;
    return {
      body: { data: { count: total, page, page_size: size, next_page, results }, successful: true, messages: [] },
    };
  });
}

describe('listRecords', () => {
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [45, 20, 3],
  ])('walks %i records at %i a page in %i calls', async (total, size, calls) => {
    const { fetch, sent } = pagedServer(total, size);
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    const tokens: string[] = [];
    for await (const record of listRecords(tas, { status: 2, auth_required: true, page_size: size }))
      tokens.push(record.token);
    expect(tokens).toHaveLength(total);
    expect(new Set(tokens).size).toBe(total);
    expect(sent).toHaveLength(calls);
    expect(sent.map((s) => s.query.get('status'))).toEqual(Array(calls).fill('2'));
  });

  it('stops at a server that does not move forward instead of looping', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      body: {
        data: { count: 9, page: 1, page_size: 1, next_page: 1, results: [sample] },
        successful: true,
        messages: [],
      },
    }));
    const records = [];
    for await (const r of listRecords(createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch })))
      records.push(r);
    expect(records).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('a caller that breaks early fetches no further pages', async () => {
    const { fetch, sent } = pagedServer(100, 10);
    for await (const _ of listRecords(createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch }))) break;
    expect(sent).toHaveLength(1);
  });

  const mock = useMock();
  it('against the mock: the listing example', async () => {
    const records = [];
    for await (const r of listRecords(createClient({ baseUrl: mock.url, apiKey: 'k' }), { status: 2 })) records.push(r);
    expect(records).toEqual(exampleData<Schemas['RecordPage']>('RecordPageNewParticipants').results);
  });
});
