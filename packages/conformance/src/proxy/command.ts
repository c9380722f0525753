import { writeFileSync } from 'node:fs';
import { readProfile } from '../cli-profile.js';
import { type parseFlags, redact, seconds, whole } from '../flags.js';
import { exitCodeOf } from '../options.js';
import { toHtml } from '../report/html.js';
import { toJson } from '../report/json.js';
import { toJunit } from '../report/junit.js';
import { RunError } from '../select.js';
import type { Statement } from '../statements/table.js';
import { formatProxySummary } from './report.js';
import { startProxy } from './session.js';

type Values = ReturnType<typeof parseFlags>['values'];
interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * `tas-conformance proxy`: forwards traffic to the upstream unchanged and judges each exchange as a
 * run does; on a signal, `--until N` exchanges or `--for SECONDS`, writes the run's reports and
 * resolves to the run's exit code.
 */
export async function proxyCommand(io: Io, v: Values, statements: () => Statement[]): Promise<number> {
  const upstream = v.upstream ?? '';
  if (!/^https?:\/\/[^/]/.test(upstream))
    throw new RunError('--upstream URL is required (http:// or https://): the deployment to forward to');
  const port = v.port === undefined ? 0 : whole(v.port, '--port', 0);
  if (port > 65_535) throw new RunError(`--port ${port}: want 0 to 65535`);
  const until = v.until === undefined ? undefined : whole(v.until, '--until', 1);
  const forSeconds = v.for === undefined ? undefined : whole(v.for, '--for', 1);
  let stop: (why: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const proxy = await startProxy({
    upstream,
    port,
    host: v.host,
    maxBody: v['max-body'] === undefined ? undefined : whole(v['max-body'], '--max-body', 1),
    remember: v.remember === undefined ? undefined : whole(v.remember, '--remember', 1),
    timeoutSeconds: v.timeout === undefined ? undefined : seconds(v.timeout),
    strict: v.strict,
    ...(v.profile ? { profile: readProfile(v.profile), profileFile: v.profile } : {}),
    onLine: (line) => io.out(`${line}\n`),
    onCount: (n) => until !== undefined && n >= until && stop(`${until} exchanges passed`),
  }).catch((error: Error & { code?: string }) => {
    throw error instanceof RunError ? error : new RunError(`cannot listen on port ${port}: ${error.message}`);
  });
  const limits = [until && `--until ${until} exchanges`, forSeconds && `--for ${forSeconds} s`].filter(Boolean);
  io.out(
    `tas-conformance proxy: listening on ${proxy.url}, forwarding to ${upstream}\n  bodies judged up to ${proxy.maxBody} bytes; the model remembers at most ${proxy.remember} records and as many roadmaps; stops on Ctrl-C${limits.length ? `, ${limits.join(', ')}` : ''}\n`,
  );
  const onSignal = (signal: string) => stop(`${signal} received`);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const timer = forSeconds ? setTimeout(() => stop(`${forSeconds} s passed`), forSeconds * 1000) : undefined;
  const why = await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  clearTimeout(timer);
  io.out(`stopping: ${why}\n`);
  const result = await proxy.stop();
  const secrets = proxy.secrets();
  io.out(`\n${redact(formatProxySummary(result), secrets)}\n`);
  if (v.json) writeFileSync(v.json, redact(toJson(result), secrets));
  if (v.junit) writeFileSync(v.junit, redact(toJunit(result), secrets));
  if (v.html) writeFileSync(v.html, redact(toHtml(result, statements()), secrets));
  if (result.aborted) io.err(`tas-conformance: ${result.aborted}\n`);
  return exitCodeOf(result);
}
