import { startMock } from '@tas/mock';
import { afterAll, beforeAll } from 'vitest';

/** The mock of the description (Prism behind /api/v2) on a free port, for the file's tests. */
export function useMock() {
  const state = { url: '' };
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const mock = await startMock({ port: 0 });
    state.url = mock.url;
    close = mock.close;
  });
  afterAll(() => close());
  return state;
}

/** A fetch that asks the mock for one named example (Prism's Prefer header), for the other mode. */
export function preferExample(name: string) {
  return (url: string, init: RequestInit & { headers: Headers }) => {
    const headers = new Headers(init.headers);
    headers.set('Prefer', `example=${name}`);
    return fetch(url, { ...init, headers });
  };
}
