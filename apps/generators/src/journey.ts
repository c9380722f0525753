import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MatrixSandbox } from './sandbox.js';
import type { JourneyInput, JourneyOutput, Verdict } from './types.js';

export interface Journeyed {
  verdict: Verdict;
  notes: string[];
}

const LIMIT_MS = 30_000;

/** Runs journeys/<id>.ts against the sandbox, reset to its seed first: instant mode, answers, result. */
export async function runJourney(cwd: string, id: string, sandbox: MatrixSandbox): Promise<Journeyed> {
  const { baseUrl, apiKey } = sandbox;
  let timer: NodeJS.Timeout | undefined;
  try {
    await sandbox.reset();
    const module = (await import(pathToFileURL(join(cwd, 'journeys', `${id}.ts`)).href)) as {
      journey(input: JourneyInput): Promise<JourneyOutput>;
    };
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${LIMIT_MS / 1000} s`)), LIMIT_MS);
    });
    const out = await Promise.race([module.journey({ baseUrl, apiKey }), limit]);
    if (!out.scores) return { verdict: 'fail', notes: ['Journey: the result has no scores.'] };
    return { verdict: 'ok', notes: [] };
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).replaceAll(baseUrl, '<base_url>');
    return { verdict: 'fail', notes: [`Journey fails: ${text.split('\n')[0]?.slice(0, 200)}`] };
  } finally {
    clearTimeout(timer);
  }
}
