import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listen, listenError, UsageError } from '../src/index.js';

const knobs = { port: ['--port', 'SANDBOX_PORT'], host: ['--host', 'SANDBOX_HOST'] };

/** What `listen` rejects with on `port` and `host`, read through listenError. */
async function failure(port: number, host: string, name?: string): Promise<unknown> {
  return listen(createServer(), port, host).then(
    (server) => server.close().then(() => 'listened'),
    (error) => listenError(error, { ...knobs, name }),
  );
}

describe('listenError', () => {
  it('a busy port names the port and what changes it, exit code 1', async () => {
    const first = await listen(createServer(), 0, '127.0.0.1');
    const port = Number(new URL(first.url).port);
    try {
      const error = await failure(port, '127.0.0.1');
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toBe(`port ${port} is in use; choose another with --port or SANDBOX_PORT`);
      expect((error as UsageError).exitCode).toBe(1);
      expect(((await failure(port, '127.0.0.1', 'sandbox')) as Error).message).toBe(
        `port ${port} (sandbox) is in use; choose another with --port or SANDBOX_PORT`,
      );
    } finally {
      await first.close();
    }
  });

  it.each([
    ['192.0.2.1', 'host 192.0.2.1 is not an address of this machine; choose another with --host or SANDBOX_HOST'],
    ['nowhere.invalid', 'host nowhere.invalid does not resolve; choose another with --host or SANDBOX_HOST'],
  ])('host %s', async (host, want) => {
    expect(((await failure(0, host)) as Error).message).toBe(want);
  });

  it('leaves any other error as it is', () => {
    const other = Object.assign(new Error('boom'), { code: 'EMFILE' });
    expect(listenError(other, knobs)).toBe(other);
  });
});
