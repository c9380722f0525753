import { createJudge } from './judge.js';
import type { OpenApiDocument } from './openapi-browser.js';

/**
 * Try it's judge in a worker of its own: Ajv compiles each schema it checks into a function (code
 * evaluated at run time), which the page's policy forbids; a worker from the site's own file runs
 * under its own, has no page to reach, and answers only what it is asked. The page sends it the
 * description's address once, then each answer to judge.
 */
type Request =
  | { kind: 'load'; url: string }
  | {
      kind: 'judge';
      id: number;
      operationId: string;
      request: Parameters<ReturnType<typeof createJudge>>[1];
      answer: Parameters<ReturnType<typeof createJudge>>[2];
    };

let judge: Promise<ReturnType<typeof createJudge>> | undefined;

self.addEventListener('message', async (event: MessageEvent<Request>) => {
  const m = event.data;
  if (m.kind === 'load') {
    judge = fetch(m.url, { cache: 'no-cache' })
      .then((r) => {
        if (!r.ok) throw new Error(`${m.url}: ${r.status}`);
        return r.json() as Promise<OpenApiDocument>;
      })
      .then(createJudge);
    return;
  }
  try {
    const departures = (await (judge as Promise<ReturnType<typeof createJudge>>))(m.operationId, m.request, m.answer);
    self.postMessage({ id: m.id, departures });
  } catch (error) {
    self.postMessage({ id: m.id, error: (error as Error).message });
  }
});
