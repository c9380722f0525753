// What the examples use up, made fresh on every run against the sandbox, so that each runs again and again.
// The sandbox's control API (/__sandbox/, not part of the API) makes a record in the state an example starts
// from, or a roadmap. The mock and production have none: there each example takes the token you give it
// (TAS_RECORD, TAS_ROADMAP), else the description's example, which the mock answers for.

async function make(baseUrl: string, apiKey: string, what: string, body: object): Promise<string | undefined> {
  const made = await fetch(new URL(`/__sandbox/${what}/`, baseUrl), {
    method: 'POST',
    headers: { 'API-KEY': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return made.ok ? ((await made.json()) as { data: { token: string } }).data.token : undefined;
}

/** A fresh standalone career-interest record on the sandbox, in `state`; undefined elsewhere. */
export const sandboxRecord = (baseUrl: string, apiKey: string, state: 'ready' | 'authenticated' | 'finished') =>
  make(baseUrl, apiKey, 'records', { test_id: 'career-interest', state });

/** A fresh roadmap on the sandbox (role 1 a child, role 2 a parent); undefined elsewhere. */
export const sandboxRoadmap = (baseUrl: string, apiKey: string) => make(baseUrl, apiKey, 'roadmaps', {});

/** A mobile number of this run's own: the sandbox allows 5 SMS authentications per number. */
export const runMobile = () => `0912${String(Date.now()).slice(-7)}`;
