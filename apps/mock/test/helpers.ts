import { afterAll, beforeAll } from 'vitest';
import { type MockOptions, type MockServer, startMock } from '../src/index.js';

export const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

/** A real mock on a free loopback port for the tests of one file; `lines` collects its log. */
export function useMock(options: MockOptions = {}) {
  const state = { url: '', lines: [] as string[] };
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ ...options, port: 0, log: (line) => state.lines.push(line) });
    state.url = mock.url;
  });
  afterAll(() => mock.close());
  return state;
}

export interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A raw body, sent as is. */
  raw?: string;
}

export async function call(base: string, { method = 'GET', path, headers = {}, body, raw }: Call) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'API-KEY': 'any-key',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}
