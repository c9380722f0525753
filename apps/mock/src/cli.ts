#!/usr/bin/env node
// The edge: flags and environment variables are read here and nowhere else.
import { BODY_BOUNDS_TEXT } from '@tas/openapi';
import { BOUNDS_TEXT, boundLine, parseCommandLine, portOption, runServer } from '@tas/serve';
import { DEFAULT_PORT } from './port.js';

// The packed bin (tas-mock) is built with TAS_BIN defined; from this repository it is the npm script.
declare const TAS_BIN: string | undefined;
const COMMAND = typeof TAS_BIN === 'string' ? TAS_BIN : 'npm run mock';
/** From this repository, the description's sources are at hand to watch. */
const WATCH =
  typeof TAS_BIN === 'string'
    ? ''
    : `  --no-watch    answer from the description as built; by default an edit of openapi/ is bundled,
                linted and, if valid, answered from at once (an invalid one is reported, file and line)
`;
const HELP = `Usage: ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} [options]

Prism mock of the Test Administration Service API v2, served at {base_url}/api/v2/ like a live
deployment. Answers come from the description's named examples; pick one per request with
  Prefer: code=409, example=ErrorRoadmapRecord

Options:
  --port <n>    port to listen on (env MOCK_PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <h>    interface to bind (env MOCK_HOST; default 127.0.0.1)
  --dynamic     generate answers from the schemas instead of the examples (env MOCK_DYNAMIC=1)
  --quiet       no request log
${WATCH}  -h, --help    show this help

One line is logged per request (method, path, status, time); the API key is never logged.
${BODY_BOUNDS_TEXT}
${BOUNDS_TEXT}
A mistake in the options is reported in one line, exit code 2; a busy port, exit code 1.`;

let watching = false;
const mock = await runServer(COMMAND, async () => {
  const values = parseCommandLine(
    COMMAND,
    HELP,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      dynamic: { type: 'boolean' },
      quiet: { type: 'boolean' },
      ...(WATCH ? { 'no-watch': { type: 'boolean' } } : {}),
    },
    process.argv.slice(2),
  );
  const port = portOption(values.port, 'MOCK_PORT', process.env, DEFAULT_PORT);
  const dynamic = values.dynamic ?? process.env.MOCK_DYNAMIC === '1';
  watching = Boolean(WATCH) && !(values as { 'no-watch'?: boolean })['no-watch'];
  // Prism takes a second or two to load: only once the options are known to be good.
  const { startMock } = await import('./server.js');
  return {
    knobs: { port: ['--port', 'MOCK_PORT'], host: ['--host', 'MOCK_HOST'] },
    start: () =>
      startMock({
        port,
        host: values.host ?? process.env.MOCK_HOST ?? '127.0.0.1',
        dynamic,
        log: values.quiet ? () => {} : (line) => console.log(`${new Date().toISOString()} ${line}`),
      }),
    ready: (mock) =>
      `Mock (Prism) listening on ${boundLine(mock.server, '/api/v2/')} (${dynamic ? 'dynamic' : 'static examples'})`,
    exposure: { what: 'the mock', reach: 'anyone who can reach this machine can call it (any API key is taken)' },
  };
});

if (mock && watching) {
  const { watchAndReload } = await import('@tas/openapi/live');
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  watchAndReload({
    log,
    reload: async ({ dir }) => `answers from it (${await mock.reload(`${dir}/dist/openapi.json`)} operations)`,
  });
}
