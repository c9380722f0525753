import { launch, tsxCommand } from '@tas/serve/testing';
import { expect, it } from 'vitest';

// `npm run docs -- --host 0.0.0.0` (issue 30): it printed 127.0.0.1 while the site was reachable from
// the network; now it prints the address bound, where to call it from this machine, and a warning.
const serve = new URL('../src/cli/serve.ts', import.meta.url).pathname;

it('bound to every interface, the docs server prints that address and warns that the site is reachable', async () => {
  const running = launch(tsxCommand(serve, ['--no-build', '--port', '0', '--host', '0.0.0.0']));
  try {
    const [, port] = await running.waitFor(
      /Docs listening on http:\/\/0\.0\.0\.0:(\d+)\/ \(every interface; from this machine http:\/\/127\.0\.0\.1:\1\/\)/,
    );
    const [warning] = await running.waitFor(/^warning: .*$/m);
    expect(warning).toBe(
      `warning: the docs server listens on http://0.0.0.0:${port} (every interface): anyone who can reach this machine can read the site. Bind 127.0.0.1 (the default) unless that is meant.`,
    );
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  } finally {
    await running.stop('SIGINT');
  }
});

it('on loopback it prints the address as before, and no warning', async () => {
  const running = launch(tsxCommand(serve, ['--no-build', '--port', '0']));
  try {
    await running.waitFor(/Docs listening on http:\/\/127\.0\.0\.1:\d+\/ \(reference: /);
  } finally {
    await running.stop('SIGINT');
  }
  expect(running.output()).not.toContain('warning');
});
