#!/usr/bin/env node
// The edge: the only file that reads flags, environment variables, files and the terminal.
import { exec } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { basisIsAssumed } from './basis.js';
import { allChecks } from './checks/index.js';
import { profileCommand, readProfile } from './cli-profile.js';
import { type Fixtures, parseFixtures } from './fixtures-file/fixtures.js';
import { fixturesTemplate, placeholder, provisionAdvice } from './fixtures-file/template.js';
import { apiPath, checkFlags, count, duration, list, oneOf, parseFlags, redact, seconds, whole } from './flags.js';
import { HELP } from './help.js';
import { DEFAULT_RATE, type RateLimit } from './http/pacer.js';
import { exitCodeOf } from './options.js';
import { preflight, skipReason } from './preflight.js';
import { resolveProfile, settingsOf } from './profile/resolve.js';
import { proxyCommand } from './proxy/command.js';
import { registry } from './registry.js';
import { formatResultLine, formatSummary } from './report/console.js';
import { toHtml } from './report/html.js';
import { toJson } from './report/json.js';
import { toJunit } from './report/junit.js';
import { stoppedRun } from './report/stopped.js';
import { responseRules } from './responses/index.js';
import { type RunOptions, type RunResult, run } from './run.js';
import { RunError } from './select.js';
import { beyondDefault, DEFAULT_SEED, LIVE_CAP, type Selection, selectRun, settle } from './selection.js';
import { commandSms, fixedSms, promptSms, type SmsProvider } from './sms.js';
import { statementsOf } from './statements/table.js';
import type { Target } from './types.js';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

/** Runs the CLI; resolves to the exit code (0 conforms, 1 departs, 2 could not run). */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const { values: v, positionals } = parseFlags(argv);
    const command = positionals[0];
    if (!v.help) checkFlags(command, v);
    if (v.help || (!command && !v.list)) {
      io.out(HELP[command && command in HELP ? (command as keyof typeof HELP) : 'main']);
      return v.help ? 0 : 2;
    }
    if (command === 'profile') return await profileCommand(io, positionals.slice(1), v['from-openapi']);
    if (command === 'proxy') return await proxyCommand(io, v, htmlStatements);
    const doc = loadDescription();
    const assumptions = listAssumptions(doc);
    if (v.list) {
      for (const c of allChecks(doc, assumptions)) {
        const assumed = basisIsAssumed(c.basis, listOperations(doc), assumptions) ? ' (assumed)' : '';
        const slow = c.slowOnLive ? ' (opt-in on live: --slow)' : '';
        io.out(`${c.id.padEnd(34)} ${c.kind.padEnd(9)} ${c.statement}${assumed}${slow}\n`);
      }
      for (const r of responseRules) io.out(`${r.id.padEnd(34)} ${'response'.padEnd(9)} ${r.statement}\n`);
      return 0;
    }
    if (command !== 'run' && command !== 'plan')
      throw new RunError(`unknown command: ${command} (run, plan, profile, proxy)`);
    if (v.target !== undefined) oneOf(v.target, ['mock', 'sandbox', 'live'], '--target');
    if (v.provision !== undefined) oneOf(v.provision, ['sandbox'], '--provision');
    // A rate only where one is asked for; selection.ts decides the default of each target.
    const rateAsked = v['rate-per-minute'] !== undefined || v['rate-per-hour'] !== undefined;
    const rate: RateLimit | false | undefined = v['no-pacing']
      ? false
      : rateAsked
        ? {
            perMinute: count(v['rate-per-minute'], DEFAULT_RATE.perMinute),
            perHour: count(v['rate-per-hour'], DEFAULT_RATE.perHour),
          }
        : undefined;
    const timeoutSeconds = v.timeout === undefined ? undefined : seconds(v.timeout);
    const paths = {
      ...(v['result-path'] ? { getResult: apiPath(v['result-path'], '--result-path', true) } : {}),
      ...(v['listing-path'] ? { listRecords: apiPath(v['listing-path'], '--listing-path', false) } : {}),
    };
    const fixtures: Fixtures | undefined = v.fixtures ? readFixtures(v.fixtures) : undefined;
    const otherApiKey = v['other-api-key'] ?? io.env.TAS_OTHER_API_KEY;
    const seed = v.seed === undefined ? undefined : whole(v.seed, '--seed', 0);
    const negativeBudget =
      v['negative-budget'] === undefined ? undefined : whole(v['negative-budget'], '--negative-budget', 0);
    const explore = v.explore === undefined ? undefined : whole(v.explore, '--explore', 0);
    // One shape from here to the run: plan and run read the same options.
    const options: RunOptions = {
      baseUrl: v['base-url'] ?? '',
      apiKey: v['api-key'] ?? io.env.TAS_API_KEY ?? '',
      otherApiKey,
      target: v.target as Target | undefined,
      fixtures,
      rate,
      only: list(v.only),
      skip: list(v.skip),
      provision: v.provision as 'sandbox' | undefined,
      strict: v.strict,
      paths,
      ...(v.profile ? { profile: readProfile(v.profile), profileFile: v.profile } : {}),
      mobile: v.mobile,
      timeoutSeconds,
      slow: v.slow,
      seed,
      negativeBudget,
      explore,
      fetch: io.fetch,
    };
    if (command === 'plan') return await plan(io, options, v['write-fixtures']);

    const secrets = [options.apiKey, otherApiKey].filter((s): s is string => Boolean(s));
    const reports = (result: RunResult) => {
      if (v.json) writeFileSync(v.json, redact(toJson(result), secrets));
      if (v.junit) writeFileSync(v.junit, redact(toJunit(result), secrets));
      if (v.html) writeFileSync(v.html, redact(toHtml(result, htmlStatements()), secrets));
    };
    // Settled here so that a run that cannot be made reports the seed and target it would have had.
    const settled = settle(options);
    const startedAt = Date.now();
    let result: RunResult;
    try {
      if (!/^https?:\/\//.test(settled.baseUrl)) throw new RunError('--base-url URL is required (http:// or https://)');
      if (!settled.apiKey) throw new RunError('--api-key KEY or the env var TAS_API_KEY is required');
      result = await run({
        ...settled,
        sms: smsFrom(v.sms, io),
        onPlan: (selection) => io.out(pacingNote(selection)),
        onResult: (r) => io.out(`${formatResultLine(r, { strict: settled.strict })}\n`),
        onWait: (message) => io.out(`      ${message}\n`),
      });
    } catch (error) {
      // A run that could not be made still writes its reports, saying why, for CI's report step.
      const why = (error as Error).message;
      const { baseUrl, target, strict, seed } = settled;
      reports(stoppedRun({ baseUrl, target, strict, seed, why, startedAt }));
      throw error;
    }
    io.out(`\n${formatSummary(result)}\n`);
    reports(result);
    if (result.aborted) {
      io.err(`tas-conformance: ${result.aborted}\n`);
      return 2;
    }
    return exitCodeOf(result);
  } catch (error) {
    io.err(`tas-conformance: ${(error as Error).message}\n`);
    return 2;
  }
}

/** The line a paced run starts with: how long pacing makes it, and on the sandbox how to make it fast. */
function pacingNote({ rate, target, plan }: Selection): string {
  if (!rate || target === 'mock' || plan.pacedSeconds < 60) return '';
  const fast =
    target === 'sandbox'
      ? '; for a run of seconds, start the sandbox with --no-rate-limit (npm run sandbox -- --no-rate-limit) and add --no-pacing'
      : '';
  return `paced to the API's limit (${rate.perMinute} per minute, ${rate.perHour} per hour): about ${plan.requests} requests take at least ${duration(plan.pacedSeconds)}${fast}\n`;
}

async function plan(io: Io, options: RunOptions, writeFixtures: string | undefined) {
  const { target, rate, checks, negative, plan: p, runnable } = await selectRun(options);
  io.out(`Plan for a ${target} target: ${p.checks} of ${checks.length} selected checks run\n`);
  for (const c of checks) {
    const reason = skipReason(c, target, options);
    if (reason) io.out(`  skip ${c.id}: ${reason}\n`);
  }
  io.out(
    `Fresh fixtures used up: ${p.needs.ready} ready records, ${p.needs.vipWait} records in VIP wait, ${p.needs.roadmaps} roadmaps${p.needs.html ? `, ${p.needs.html} records of an HTML test` : ''} (spares included: a refusal the interface does not state may be accepted, and uses its resource up; should they still run out, the checks left say "could not run")\n`,
  );
  io.out(
    `Generated negative inputs: ${negative.budget} requests over ${negative.constraints} constraints (--negative-budget), seed ${options.seed ?? DEFAULT_SEED} (--seed)\n`,
  );
  io.out(
    `Requests: about ${p.requests}\n  of which ${p.requests - p.explored} by the scripted checks, ${p.explored} exploring sequences drawn from the model (--explore N)\n`,
  );
  io.out(
    `Requests at most: ${p.atMost}, when each listing read runs to its page limit and no roadmap looked at fits the first time${target === 'live' ? `; a live run stops at ${LIVE_CAP + beyondDefault(options.explore)}` : ''}\n`,
  );
  const pacing = rate ? `${rate.perMinute}/min and ${rate.perHour}/hour` : 'no pacing';
  io.out(`Time under the rate limit (${pacing}): at least ${duration(p.pacedSeconds)} plus the target's latency\n`);
  const deployment = resolveProfile(loadDescription(), options.profile, options.paths, options.profileFile);
  io.out(`Deployment profile: ${options.profileFile ?? 'none given (--profile FILE)'}; the settings in effect:\n`);
  for (const s of settingsOf(deployment)) {
    const from = s.source === 'code_field' ? 'profile: code_field' : s.source;
    io.out(
      `  ${s.key.padEnd(36)} ${s.value}  (${from}${s.source !== 'default' && s.isDefault ? ', the default' : ''})\n`,
    );
  }
  if (writeFixtures !== undefined) {
    // A template to fill in, from what this plan needs; never over a file that exists.
    if (existsSync(writeFixtures))
      throw new RunError(`--write-fixtures ${writeFixtures}: the file exists; not overwritten`);
    const template = fixturesTemplate(p.needs, placeholder);
    writeFileSync(writeFixtures, `${JSON.stringify(template, null, 2)}\n`, { flag: 'wx' });
    io.out(
      `Wrote ${writeFixtures}: replace each placeholder by the token of a fresh record or roadmap made in the organizer panel (records of tests with a JSON questionnaire), then pass --fixtures ${writeFixtures}\n`,
    );
    return 0;
  }
  // Asked only what a run needs: say what to provision, not that it is missing (exit 0).
  if (!options.fixtures && !options.provision && target === 'live') {
    io.out(provisionAdvice(p.needs));
    return 0;
  }
  // The run's own refusal, word for word: plan and run agree on what cannot run.
  preflight(runnable, options, p.needs);
  if (options.fixtures) io.out('The fixtures file has enough.\n');
  return 0;
}

/** How long an SMS command may take before the check that waits for it could not run. */
const SMS_COMMAND_SECONDS = 120;

function smsFrom(flag: string | undefined, io: Io): SmsProvider | 'sandbox' | undefined {
  if (flag === undefined) return undefined;
  if (flag === 'sandbox') return 'sandbox';
  if (flag.startsWith('code:')) return fixedSms(flag.slice(5));
  if (flag.startsWith('command:')) {
    const cmd = flag.slice(8);
    return commandSms(
      (env) =>
        new Promise((resolve, reject) => {
          // The system shell (/bin/sh -c), in the current directory, the suite's environment plus the SMS's.
          exec(cmd, { env: { ...io.env, ...env }, timeout: SMS_COMMAND_SECONDS * 1000 }, (error, stdout) =>
            error ? reject(error) : resolve(stdout),
          );
        }),
    );
  }
  if (flag === 'prompt')
    return promptSms(async (question) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    });
  throw new RunError(`--sms ${flag}: want sandbox, code:CODE, command:CMD or prompt`);
}

function readFixtures(path: string): Fixtures {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new RunError(`missing fixtures: cannot read ${path}`);
  }
  try {
    return parseFixtures(text);
  } catch (error) {
    throw new RunError(`${path}: ${(error as Error).message}`);
  }
}

const invoked = process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invoked) {
  main(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    env: process.env,
  }).then((code) => {
    process.exitCode = code;
  });
}

/** The interface's sentences the HTML report gives a verdict on: the registry's, from the bundled description. */
function htmlStatements() {
  const doc = loadDescription();
  return statementsOf(registry(doc, listAssumptions(doc)).claims);
}
