import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_KEYS, startSandbox } from '@tas/sandbox';
import { packageDir } from './packages.js';

/** The one sandbox of a matrix run: each journey starts from its seed (`reset`). */
export interface MatrixSandbox {
  /** The API's base URL, `…/api/v2`. */
  baseUrl: string;
  apiKey: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

function around(url: string, close: () => Promise<void>): MatrixSandbox {
  const root = url.replace(/\/$/, '');
  return {
    baseUrl: `${root}/api/v2`,
    apiKey: DEFAULT_KEYS.instant,
    async reset() {
      const post = () =>
        fetch(`${root}/__sandbox/reset/`, { method: 'POST', headers: { 'API-KEY': DEFAULT_KEYS.instant } });
      // A quick start installs for minutes between journeys: the kept-alive socket of the last one has
      // been closed by the sandbox's idle time-out by then. A reset is safe to send again.
      const res = await post().catch(post);
      if (!res.ok) throw new Error(`sandbox reset answered ${res.status}`);
    },
    close,
  };
}

/** The sandbox in this process, on a loopback port. */
export async function inProcessSandbox(): Promise<MatrixSandbox> {
  const sandbox = await startSandbox({ port: 0 });
  return around(sandbox.url, () => sandbox.close());
}

/**
 * The sandbox in a child process on another Node: the matrix on Node 22 keeps the sandbox on the
 * Node its native module (better-sqlite3) was built for.
 */
export function childSandbox(node: string): Promise<MatrixSandbox> {
  const cli = join(packageDir('@tas/sandbox'), 'src', 'cli.ts');
  const child = spawn(node, ['--import', 'tsx', cli, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /sandbox listening on (\S+)/.exec(output);
      if (!m?.[1]) return;
      child.stdout.off('data', read);
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve(
        around(m[1], async () => {
          child.kill('SIGTERM');
          await exited;
        }),
      );
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the sandbox on ${node} exited (${code}): ${output.trim()}`)));
  });
}
