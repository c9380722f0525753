import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { launch, type Running } from '@tas/serve/testing';
import { codeBlocks } from './page-text.js';

// The servers Try it is walked against, as a partner gets them: the sandbox and the mock from the
// site's Downloads (their tarballs copied into an empty folder, started with the page's command), and
// a gateway in front of one, as a hosted deployment or a faulty one puts it.

export interface Downloaded {
  sandbox: string;
  mock: string;
  stop(): Promise<void>;
}

/** Each server's start command as Downloads shows it (`npx --yes --package ./tas-<bin>-<v>.tgz tas-<bin>`). */
export function downloadCommands(siteDir: string): Record<'tas-sandbox' | 'tas-mock', string> {
  const page = readFileSync(join(siteDir, 'downloads.html'), 'utf8');
  const section = /<h2 id="servers">[\s\S]*?(?=<h2 )/.exec(page)?.[0] ?? '';
  const start = (bin: string) => {
    const block = new RegExp(`<h3 id="${bin}">[\\s\\S]*?(<pre><code[\\s\\S]*?</code></pre>)`).exec(section)?.[1];
    const line =
      codeBlocks(block ?? '')[0]
        ?.split('\n')[1]
        ?.trim() ?? '';
    if (!new RegExp(`^npx --yes --package \\./${bin}-\\d+\\.\\d+\\.\\d+\\.tgz ${bin}$`).test(line))
      throw new Error(`Downloads shows no start command for ${bin} (found "${line}")`);
    return line;
  };
  return { 'tas-sandbox': start('tas-sandbox'), 'tas-mock': start('tas-mock') };
}

/**
 * The sandbox and the mock started from the site's downloads in one empty folder (installed once, by
 * npx, from the npm cache the repository's install filled), on free ports. The sandbox without its
 * rate limit: the test sends faster than a person does.
 */
export async function startDownloaded(siteDir: string, work: string): Promise<Downloaded> {
  const folder = mkdtempSync(join(work, 'partner-'));
  const commands = downloadCommands(siteDir);
  for (const line of Object.values(commands)) {
    const file = /\.\/(\S+\.tgz)/.exec(line)?.[1] ?? '';
    copyFileSync(join(siteDir, file), join(folder, file));
  }
  const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  const started: Running[] = [];
  const start = (line: string) => {
    const running = launch(['sh', '-c', line], { cwd: folder, env });
    started.push(running);
    return running;
  };
  const stop = async () => {
    await Promise.all(started.map((r) => r.stop('SIGINT')));
  };
  try {
    // One after the other: two npx installs at once would share the npm cache.
    const sandbox = start(`${commands['tas-sandbox']} --port 0 --no-rate-limit`);
    const [, sandboxUrl = ''] = await sandbox.waitFor(/sandbox listening on (http:\/\/[\d.:]+)/);
    const mock = start(`${commands['tas-mock']} --port 0 --quiet`);
    const [, mockUrl = ''] = await mock.waitFor(/listening on (http:\/\/[\d.:]+)\/api\/v2\//);
    return { sandbox: sandboxUrl, mock: mockUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Gateway {
  /** The gateway's address with its prefix: what a site is built for. */
  url: string;
  /** How many requests reached it. */
  seen(): number;
  close(): Promise<void>;
}

/**
 * A gateway at `host` (a loopback address) that serves `upstream` under `prefix` (`''` for none),
 * each JSON answer first passed through `change`: a hosted deployment, or one that breaks a rule.
 */
export function gateway(
  upstream: string,
  options: { host?: string; prefix?: string; change?: (req: IncomingMessage, json: unknown) => unknown } = {},
): Promise<Gateway> {
  const { host = '127.0.0.1', prefix = '', change } = options;
  let count = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    count++;
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not under this gateway');
      return;
    }
    const headers = { ...req.headers, host: new URL(upstream).host };
    const forward = httpRequest(`${upstream}${url.slice(prefix.length)}`, { method: req.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (change && /json/.test(String(answer.headers['content-type'])))
          body = JSON.stringify(change(req, JSON.parse(body)));
        const out = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, out).end(body);
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}${prefix}`,
        seen: () => count,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}
