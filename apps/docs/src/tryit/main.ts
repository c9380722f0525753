import type { TryitConfig } from './config.js';
import { openJourney } from './journeys.js';
import { createJudge } from './judge.js';
import type { OpenApiDocument } from './openapi-browser.js';
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
  const [config, doc] = (await Promise.all([get('tryit.json'), get(description)])) as [TryitConfig, OpenApiDocument];
  const judge = createJudge(doc);
  if (!document.getElementById('tas-tryit-style'))
    document.head.append(Object.assign(document.createElement('style'), { id: 'tas-tryit-style', textContent: STYLE }));
  return { config: narrow ? narrow(config) : config, judge: (id, request, answer) => judge(id, request, answer) };
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
