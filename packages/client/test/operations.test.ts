import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { createClient, isSafeToRepeat, type OperationId, operationTable } from '../src/index.js';
import { operationOf } from '../src/operations.js';
import { useMock } from './helpers/mock.js';

const operations = listOperations(loadDescription());
const token = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

describe('the operation table', () => {
  it.each(operations.map((op) => [op.operationId, op.method.toUpperCase(), op.path] as const))(
    '%s is found from %s %s',
    (id, method, path) => {
      expect(operationOf(method, `/api/v2${path.replace('{token}', token)}`)).toBe(id);
      expect(operationOf(method, `/tenant/api/v2${path.replace('{token}', token)}`)).toBe(id);
    },
  );

  it('knows nothing outside the description', () => {
    expect(operationOf('DELETE', `/api/v2/record/${token}/`)).toBeUndefined();
    expect(operationOf('GET', `/api/v2/record/${token}`)).toBeUndefined();
  });

  it('only reads are safe to repeat after a network failure', () => {
    const safe = Object.keys(operationTable).filter((id) => isSafeToRepeat(id as OperationId, ''));
    expect(safe.sort()).toEqual(['getQuestions', 'getRecord', 'getResult', 'getRoadmap', 'listRecords']);
  });
});

describe('every operation against the mock', () => {
  const mock = useMock();
  // Each call is typed: a wrong parameter or body here fails the typecheck.
  const calls: { [Id in OperationId]: (tas: ReturnType<typeof createClient>) => Promise<unknown> } = {
    listRecords: (tas) => tas.call('listRecords', { query: { status: 2, auth_required: true } }),
    getRecord: (tas) => tas.call('getRecord', { path: { token } }),
    submitAnswers: (tas) => tas.call('submitAnswers', { path: { token }, body: { record: [101, 201, 'متن'] } }),
    authenticateRecord: (tas) =>
      tas.call('authenticateRecord', {
        path: { token },
        body: { mobile: '09121234567', profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true } },
      }),
    verifyRecordAuth: (tas) => tas.call('verifyRecordAuth', { path: { token }, body: { code: '48213' } }),
    getQuestions: (tas) => tas.call('getQuestions', { path: { token } }),
    getResult: (tas) => tas.call('getResult', { path: { token } }),
    getRoadmap: (tas) => tas.call('getRoadmap', { path: { token } }),
    authenticateRoadmap: (tas) =>
      tas.call('authenticateRoadmap', {
        path: { token },
        body: {
          mobile: '09351234567',
          roles: [{ id: 1, profile: { name: 'سارا محمدی', birth: '2017-02-11', is_male: false } }],
        },
      }),
    verifyRoadmapAuth: (tas) =>
      tas.call('verifyRoadmapAuth', {
        path: { token },
        body: { draft_token: 'dr_7Q2mX9vK4pL8sN3wT6yB1cZ5', code: '48213' },
      }),
  };

  it.each(Object.keys(operationTable) as OperationId[])('%s answers its documented data', async (id) => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'k' });
    const data = await calls[id](tas);
    const example = Object.values(operations.find((op) => op.operationId === id)?.responses['200']?.examples ?? {});
    expect(example.map((e) => (e as { data: unknown }).data)).toContainEqual(data);
  });
});
