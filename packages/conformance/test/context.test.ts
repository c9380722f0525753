import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { type ContextDeps, createContext } from '../src/context.js';
import { resolveProfile } from '../src/profile/resolve.js';
import type { Exchange } from '../src/types.js';

const exchange = (status: number): Exchange => ({
  request: { method: 'POST', url: 'http://host/api/v2/record/x/auth/', key: 'main', headers: {} },
  response: { status, headers: {}, text: '{}', json: {} },
});

// expectRefused reads only the exchange; the rest of the context is not reached.
const deps = {
  options: { baseUrl: 'http://host' },
  doc: { paths: {} },
  deployment: resolveProfile(loadDescription()),
} as unknown as ContextDeps;

describe('expectRefused: the refusal is the promise, the code the assumption', () => {
  it.each([
    { got: 409, codeStated: false, want: [] },
    { got: 200, codeStated: false, want: [{ assumed: false, message: /answered 200 \(want 409\)/ }] },
    { got: 201, codeStated: true, want: [{ assumed: false, message: /answered 201/ }] },
    { got: 302, codeStated: false, want: [{ assumed: false, message: /answered 302/ }] },
    { got: 500, codeStated: false, want: [{ assumed: false, message: /answered 500/ }] },
    { got: 400, codeStated: false, want: [{ assumed: true, message: /refused with 400, want 409/ }] },
    { got: 400, codeStated: true, want: [{ assumed: false, message: /refused with 400, want 409/ }] },
    // Even a check whose basis is assumed: an accepted refusal is stated.
    { got: 200, codeStated: false, assumedCheck: true, want: [{ assumed: false, message: /answered 200/ }] },
  ])('$got (code stated: $codeStated, assumed check: $assumedCheck)', ({ got, codeStated, assumedCheck, want }) => {
    const { ctx, findings } = createContext(deps, { id: 'c', statement: 's', assumed: assumedCheck ?? false });
    const refused = ctx.expectRefused(exchange(got), 409, 'a second authentication', codeStated);
    expect(refused).toBe(got >= 400 && got < 500);
    expect(findings).toEqual(
      want.map((w) => expect.objectContaining({ assumed: w.assumed, message: expect.stringMatching(w.message) })),
    );
  });
});
