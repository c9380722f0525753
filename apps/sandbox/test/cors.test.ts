import { describe, expect, it } from 'vitest';
import { createCors } from '../src/http/cors.js';

describe('CORS: which pages may call the sandbox from a browser', () => {
  it.each([
    // given allowed origins, request Origin → want Access-Control-Allow-Origin
    ['default', undefined, 'http://localhost:8080', 'http://localhost:8080'],
    ['default', undefined, 'http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['default', undefined, 'http://[::1]:3000', 'http://[::1]:3000'],
    ['default', undefined, 'https://partner.example', undefined],
    ['default', undefined, 'http://localhost.attacker.example', undefined],
    ['default', undefined, 'null', undefined],
    ['default', undefined, undefined, undefined],
    ['named', ['https://docs.example'], 'https://docs.example', 'https://docs.example'],
    ['named', ['https://docs.example'], 'http://localhost:8080', undefined],
    ['any', ['*'], 'https://anyone.example', '*'],
  ] as const)('%s %j: %s → %s', (_, allowed, origin, want) => {
    const headers = createCors(allowed)(origin);
    expect(headers['Access-Control-Allow-Origin']).toBe(want);
    if (want && want !== '*') expect(headers.Vary).toBe('Origin');
  });
});
