import { setOpened } from './added.js';
import type { TryitConfig } from './config.js';
import { openJourney } from './journeys.js';
import type { Departure } from './judge.js';
import { type Context, openPanel } from './panel.js';
import { STYLE } from './style.js';

/**
 * The Try-it code, loaded by the page's small loader on the first click of a "Try it" or "Walk it"
 * button (never before, so that the reference's first visit carries none of it). It reads the
 * build's `tryit.json` and the bundled description beside the page (the control API's, on its page).
 */
let context: Promise<Context> | undefined;
let controlContext: Promise<Context> | undefined;

const get = async (file: string) => {
  const response = await fetch(new URL(file, document.baseURI), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return response.json();
};

/** The panel's context for one description: the build's config, and a judge of that description. */
async function load(description: string, narrow?: (config: TryitConfig) => TryitConfig): Promise<Context> {
  const config = (await get('tryit.json')) as TryitConfig;
  if (!document.getElementById('tas-tryit-style'))
    document.head.append(Object.assign(document.createElement('style'), { id: 'tas-tryit-style', textContent: STYLE }));
  return { config: narrow ? narrow(config) : config, judge: judgeIn(config.judge, description) };
}

/** The judge, in its worker (src/tryit/judge-worker.ts): one per description, each answer judged in turn. */
function judgeIn(worker: string, description: string): Context['judge'] {
  const w = new Worker(new URL(worker, document.baseURI), { type: 'module' });
  w.postMessage({ kind: 'load', url: new URL(description, document.baseURI).href });
  const waiting = new Map<number, { resolve: (d: Departure[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  w.addEventListener('message', (event: MessageEvent<{ id: number; departures?: Departure[]; error?: string }>) => {
    const { id, departures, error } = event.data;
    const waiter = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) waiter?.reject(new Error(`the judge: ${error}`));
    else waiter?.resolve(departures ?? []);
  });
  return (operationId, request, answer) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      w.postMessage({
        kind: 'judge',
        id,
        operationId,
        request: { method: request.method, url: request.url, body: request.body },
        answer: { status: answer.status, headers: answer.headers, text: answer.text },
      });
    });
}

/** On the control API's page: its operations, under its prefix, on a sandbox only (a mock has none). */
const controlOnly = (config: TryitConfig): TryitConfig => ({
  ...config,
  base_path: config.control?.base_path ?? '/__sandbox',
  operations: config.control?.operations ?? {},
  targets: config.targets.filter((t) => t.kind === 'sandbox'),
  control_page: true,
});

/** `op:<operationId>` opens the operation's panel, `ctl:<operationId>` a control API one, `journey:<id>` a journey. */
export async function open(what: string): Promise<void> {
  setOpened(what);
  const [kind, id = ''] = what.split(':');
  if (kind === 'ctl') {
    controlContext ??= load('sandbox-control.json', controlOnly);
    openPanel(await controlContext, id);
    return;
  }
  context ??= load('openapi.json');
  const ctx = await context;
  if (kind === 'op') openPanel(ctx, id);
  else if (kind === 'journey') openJourney(ctx, id);
}
