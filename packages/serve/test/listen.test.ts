import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { bindingOf, boundLine, exposureWarning, listen, urlHost } from '../src/index.js';

describe('urlHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
    ['0.0.0.0', '127.0.0.1'],
    ['::', '127.0.0.1'],
    ['::1', '[::1]'],
  ])('%s is written %s', (host, want) => expect(urlHost(host)).toBe(want));
});

describe('listen', () => {
  it('serves on a free port at the URL it reports, and close() ends kept-alive connections', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const listening = await listen(server, 0, '127.0.0.1');
    expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(listening.url)).text()).toBe('ok');
    await listening.close();
    expect(server.listening).toBe(false);
  });

  it('rejects when the port is taken', async () => {
    const first = await listen(createServer(), 0, '127.0.0.1');
    const port = Number(new URL(first.url).port);
    await expect(listen(createServer(), port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
    await first.close();
  });
});

describe('the address a server prints, and its warning', () => {
  it.each([
    // given host → want the line's address, exposed
    ['127.0.0.1', /^http:\/\/127\.0\.0\.1:\d+\/x\/$/, false],
    ['localhost', /^http:\/\/(127\.0\.0\.1|\[::1\]):\d+\/x\/$/, false],
    [
      '0.0.0.0',
      /^http:\/\/0\.0\.0\.0:(\d+)\/x\/ \(every interface; from this machine http:\/\/127\.0\.0\.1:\1\/x\/\)$/,
      true,
    ],
  ] as const)('bound to %s: prints %s', async (host, want, exposed) => {
    const listening = await listen(createServer(), 0, host);
    try {
      expect(boundLine(listening.server, '/x/')).toMatch(want);
      expect(bindingOf(listening.server).exposed).toBe(exposed);
      const warning = exposureWarning(listening.server, 'the thing', 'anyone can call it');
      if (exposed)
        expect(warning).toMatch(
          /^warning: the thing listens on http:\/\/0\.0\.0\.0:\d+ \(every interface\): anyone can call it\. /,
        );
      else expect(warning).toBeUndefined();
    } finally {
      await listening.close();
    }
  });
});
