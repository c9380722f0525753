// matchOperation: what the sandbox routes every request with.
import { describe, expect, it } from 'vitest';
import { matchOperation } from '../src/index.js';
import { operations } from './helpers.js';

describe('matchOperation', () => {
  it.each([
    ['GET', '/record/', 'listRecords', {}],
    ['GET', '/record/abc/', 'getRecord', { token: 'abc' }],
    ['post', '/record/abc/', 'submitAnswers', { token: 'abc' }],
    ['PUT', '/record/abc/auth/verify/', 'verifyRecordAuth', { token: 'abc' }],
    ['GET', '/roadmap/a%20b/', 'getRoadmap', { token: 'a b' }],
  ])('%s %s is %s', (method, path, operationId, params) => {
    const match = matchOperation(operations, method, path);
    expect(match?.operation.operationId).toBe(operationId);
    expect(match?.params).toEqual(params);
  });

  it.each([
    ['a known path with another method', 'DELETE', '/record/abc/', null],
    ['an unknown path', 'GET', '/records/abc/', undefined],
    ['a path without its trailing slash', 'GET', '/record/abc', undefined],
    ['an extra segment', 'GET', '/record/abc/def/', undefined],
  ])('%s answers %s', (_case, method, path, expected) => {
    expect(matchOperation(operations, method, path)).toBe(expected);
  });

  it('throws on a parameter that is not valid percent-encoding', () => {
    expect(() => matchOperation(operations, 'GET', '/record/%E0%A4%A/')).toThrow(URIError);
  });
});
