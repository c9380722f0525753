import { createValidator, loadDescription, type OpenApiDocument } from '@tas/openapi';
import { redact } from '../flags.js';
import { DEFAULT_TIMEOUT_SECONDS } from '../http/client.js';
import { resolveProfile } from '../profile/resolve.js';
import type { ProfileInput } from '../profile/types.js';
import { startForwarding, type UpstreamFailure } from './forward.js';
import { createProxyJudge } from './judge.js';
import { failureLine, liveLines, type ProxyResult, proxyResult } from './report.js';

/** Bytes of a body captured for judging (1 MiB): a longer one passes through unjudged and is counted. */
export const DEFAULT_MAX_BODY = 1_048_576;
/** Records (and as many roadmaps) the model remembers: past it, the least recently seen is forgotten. */
export const DEFAULT_REMEMBER = 10_000;
/** Milliseconds in-flight answers get to finish once the proxy stops, before their sockets are closed. */
const GRACE_MS = 5_000;

export interface ProxyOptions {
  upstream: string;
  port?: number;
  host?: string;
  maxBody?: number;
  remember?: number;
  timeoutSeconds?: number;
  strict?: boolean;
  profile?: ProfileInput;
  profileFile?: string;
  doc?: OpenApiDocument;
  /** Told each live line (a stated failure, an upstream failure), keys redacted. */
  onLine?: (line: string) => void;
  /** Told after each exchange, with how many have passed (answered or failed). */
  onCount?: (exchanges: number) => void;
}

/**
 * The validating proxy: forwards to the upstream and judges what passes; `stop()` closes it and
 * returns the session as a run's result.
 */
export async function startProxy(o: ProxyOptions) {
  const doc = o.doc ?? loadDescription();
  const maxBody = o.maxBody ?? DEFAULT_MAX_BODY;
  const remember = o.remember ?? DEFAULT_REMEMBER;
  const strict = Boolean(o.strict);
  const deployment = resolveProfile(doc, o.profile, {}, o.profileFile);
  const { upstream } = o;
  const judge = createProxyJudge({ doc, validator: createValidator(doc), deployment, upstream, remember });
  const failures = { count: 0, first: [] as UpstreamFailure[] };
  const say = (line: string | undefined) => line !== undefined && o.onLine?.(redact(line, judge.secrets()));
  const count = () => o.onCount?.(judge.counts().exchanges + failures.count);
  const server = await startForwarding({
    upstream,
    port: o.port,
    host: o.host,
    maxBody,
    timeoutSeconds: o.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    onPassed: (passed) => {
      for (const line of liveLines(judge.observe(passed), passed, strict)) say(line);
      count();
    },
    onUpstreamFailure: (failure) => {
      failures.count++;
      if (failures.first.length < 10) failures.first.push(failure);
      say(failureLine(failure, failures.count));
      count();
    },
  });
  const startedAt = Date.now();
  return {
    url: server.url,
    port: server.port,
    maxBody,
    remember,
    /** Every API key seen, for redacting what is written from the result. */
    secrets: () => judge.secrets(),
    async stop(): Promise<ProxyResult> {
      await server.close(GRACE_MS);
      return proxyResult({ doc, judge, deployment, strict, startedAt, failures, upstream, maxBody, remember });
    },
  };
}

export type Proxy = Awaited<ReturnType<typeof startProxy>>;
