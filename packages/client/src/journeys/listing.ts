import type { TasClient } from '../client.js';
import type { CallInit, Schemas, TestRecord } from '../types.js';

type RecordPage = Schemas['RecordPage'];

export type ListFilters = Omit<NonNullable<CallInit<'listRecords'>['query']>, 'page'> & { signal?: AbortSignal };

/**
 * Every record that matches the filters, page after page, so that no caller handles paging.
 * `status: 2, auth_required: true` lists the records waiting for a new participant.
 */
export async function* listRecords(tas: TasClient, filters: ListFilters = {}): AsyncGenerator<TestRecord> {
  const { signal, ...query } = filters;
  for (let page: number | null = 1; page !== null; ) {
    const data: RecordPage = await tas.call('listRecords', { query: { ...query, page }, signal });
    yield* data.results;
    // A server that does not move forward would loop for ever; stop instead.
    page = data.next_page !== null && data.next_page > page ? data.next_page : null;
  }
}
