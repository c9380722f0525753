// The client's path serializer must build exactly the URLs openapi-fetch's default builds.
import { defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { operationTable } from '../src/index.js';
import { pathSerializer } from '../src/path-serializer.js';

const base = 'http://127.0.0.1:4010/api/v2';
const tokens = ['3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63', 'a b', 'a/b?c#d', '%41', 'علی', '{token}'];

describe('pathSerializer', () => {
  const cases = Object.values(operationTable).flatMap(({ path }) => tokens.map((token) => [path, token] as const));
  it.each(cases)('%s with token %j is what openapi-fetch makes', (path, token) => {
    expect(pathSerializer(`${base}${path}`, { token })).toBe(defaultPathSerializer(`${base}${path}`, { token }));
  });

  it.each([
    ['missing', {}],
    ['empty', { token: '' }],
    ['null', { token: null }],
  ])('refuses a %s token with a TypeError that names it, where openapi-fetch would call another path', (_, params) => {
    expect(() => pathSerializer(`${base}/record/{token}/auth/`, params)).toThrow(
      /^\/record\/\{token\}\/auth\/: the path parameter token is (missing|empty)/,
    );
  });

  it('serializes the same template again from its cache', () => {
    expect(pathSerializer(`${base}/record/{token}/`, { token: 'x' })).toBe(`${base}/record/x/`);
    expect(pathSerializer(`${base}/record/{token}/`, { token: 'y' })).toBe(`${base}/record/y/`);
  });
});
