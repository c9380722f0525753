import type { TryitConfig } from './config.js';
import { openJourney } from './journeys.js';
import { createJudge } from './judge.js';
import type { OpenApiDocument } from './openapi-browser.js';
import { type Context, openPanel } from './panel.js';
import { STYLE } from './style.js';

/**
 * The Try-it code, loaded by the page's small loader on the first click of a "Try it" or "Walk it"
 * button (never before, so that the reference's first visit carries none of it). It reads the
 * build's `tryit.json` and the bundled description beside the page.
 */
let context: Promise<Context> | undefined;

async function load(): Promise<Context> {
  const get = async (file: string) => {
    const response = await fetch(new URL(file, document.baseURI), { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    return response.json();
  };
  const [config, doc] = (await Promise.all([get('tryit.json'), get('openapi.json')])) as [TryitConfig, OpenApiDocument];
  const judge = createJudge(doc);
  if (!document.getElementById('tas-tryit-style'))
    document.head.append(Object.assign(document.createElement('style'), { id: 'tas-tryit-style', textContent: STYLE }));
  return { config, judge: (id, request, answer) => judge(id, request, answer) };
}

/** `op:<operationId>` opens the operation's panel, `journey:<id>` a journey. */
export async function open(what: string): Promise<void> {
  context ??= load();
  const ctx = await context;
  const [kind, id = ''] = what.split(':');
  if (kind === 'op') openPanel(ctx, id);
  else if (kind === 'journey') openJourney(ctx, id);
}
