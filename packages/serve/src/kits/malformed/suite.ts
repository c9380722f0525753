// The table test and the fuzz test against one server, as vitest tests.
import type FastCheck from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatedRequests } from './generate.js';
import { isHead, type RawAnswer, type RawRequest, sendRaw, shown } from './send.js';
import { malformedRequests, type RowName, type TableOptions } from './table.js';

export interface SuiteOptions {
  /** `the docs server`, as the tests' titles name it. */
  server: string;
  /** The server's URL, read once it listens. */
  url: () => string;
  table: TableOptions;
  /** given (the shared table's request) → want (status; undefined: the client left, nothing to answer). */
  want: Record<RowName, number | undefined>;
  /** The status of a request the server answers 200 when it still serves. */
  stillServing: () => Promise<number>;
  /** Asserts the shape of a refusal's body (plain text, or the envelope valid against the description). */
  expectRefusal: (answer: RawAnswer, request: string) => void;
  /** The server's log so far: no line may report an internal error. */
  lines: string[];
  fc: typeof FastCheck;
  runs?: number;
}

/**
 * The table test (each row of the shared table, then a normal request) and the fuzz test
 * (generated request lines and headers, each followed by a normal request) for one server.
 */
export function describeMalformed(o: SuiteOptions) {
  const rows = malformedRequests(o.table);
  const refusal = (answer: RawAnswer, request: RawRequest) => {
    expect(answer.status, shown(request)).toBeDefined();
    expect(answer.status, shown(request)).toBeLessThan(500);
    if ((answer.status ?? 0) >= 400 && !isHead(request)) o.expectRefusal(answer, shown(request));
  };
  describe(`${o.server} answers malformed requests and keeps serving`, () => {
    it('has a wanted answer for every row of the shared table', () => {
      expect(Object.keys(o.want).sort()).toEqual(Object.keys(rows).sort());
    });

    it.each(Object.keys(rows) as RowName[])('%s', async (name) => {
      const answer = await sendRaw(o.url(), rows[name]);
      expect(answer.status).toBe(o.want[name]);
      if (answer.status !== undefined) refusal(answer, rows[name]);
      // A 200 says something (the mock once answered `Accept: */*;q=0` with an empty 200).
      if (answer.status === 200) expect(answer.body, shown(rows[name])).not.toBe('');
      expect(await o.stillServing()).toBe(200);
    });

    it('answers generated request lines and headers below 500, and stays up after each', async () => {
      const { fc } = o;
      await fc.assert(
        fc.asyncProperty(generatedRequests(fc, o.table), async (request) => {
          refusal(await sendRaw(o.url(), request), request);
          expect(await o.stillServing(), `after ${shown(request)}`).toBe(200);
        }),
        { numRuns: o.runs ?? 300 },
      );
      expect(o.lines.filter((line) => line.startsWith('internal error'))).toEqual([]);
    });
  });
}

/** The API servers' refusal: JSON, valid against the description's ErrorEnvelope (`validate` returns its issues). */
export const envelopeRefusal =
  (validate: (body: unknown) => unknown[]) =>
  (answer: RawAnswer, request: string): void => {
    expect(answer.headers['content-type'], request).toBe('application/json; charset=utf-8');
    expect(validate(JSON.parse(answer.body)), `${request} ${answer.body}`).toEqual([]);
  };
