import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDescription, pointerGet } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guidePage } from '../src/guide/page.js';
import { differences, parseJsonStream, variablesOf } from '../src/guide/walkthrough/answer.js';
import { walkthroughs as walkthroughsOf } from '../src/guide/walkthrough/journeys.js';
import { SANDBOX_URL, type Walkthrough } from '../src/guide/walkthrough/types.js';

// Every command of the getting-started page, run as a partner pastes it: bash, curl and jq, against
// a fresh sandbox on a free port (the only change to a command: the sandbox's address).
const walkthroughs = walkthroughsOf(loadDescription());
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox?.close());

/** Runs a journey's steps in one bash, each step's output and variables into its own files. */
async function run(journey: Walkthrough) {
  const dir = mkdtempSync(join(tmpdir(), `tas-walk-${journey.id}-`));
  const script = ['set -eo pipefail'];
  journey.steps.forEach((step, i) => {
    script.push(`{\n${step.command.replaceAll(SANDBOX_URL, sandbox.url)}\n} > ${dir}/${i}.out`);
    for (const name of variablesOf(step.answer ?? '')) script.push(`printf '%s' "\${${name}-}" > ${dir}/${i}.${name}`);
  });
  // Not spawnSync: the sandbox answers from this process's event loop.
  const shell = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-c', script.join('\n')], { cwd: dir, timeout: READY_LIMIT_MS });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
  const problems = journey.steps.flatMap((step, i) => {
    const label = `${journey.id} step ${i + 1} (${step.title})`;
    const file = join(dir, `${i}.out`);
    if (!existsSync(file)) return [`${label}: did not run (bash exited ${shell.status}: ${shell.stderr.trim()})`];
    const printed = readFileSync(file, 'utf8');
    if (step.answer === undefined)
      return printed.trim() ? [`${label}: printed ${printed}, the page shows nothing`] : [];
    const vars = Object.fromEntries(
      variablesOf(step.answer).map((name) => [name, readFileSync(join(dir, `${i}.${name}`), 'utf8')]),
    );
    let actual: unknown[];
    try {
      actual = parseJsonStream(printed);
    } catch {
      return [`${label}: printed no JSON: ${printed.slice(0, 300)}`];
    }
    return differences(parseJsonStream(step.answer), actual, vars).map((d) => `${label}: ${d}`);
  });
  return { problems, stderr: shell.stderr, status: shell.status };
}

const textOf = (html: string) =>
  html
    .replace(/<\/?(bdi|span)[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the getting-started page', () => {
  const doc = loadDescription();
  const html = guidePage({ doc, clientExamples: [], control: true, arazzo: [] });
  const blocks = (cls: string) =>
    [...html.matchAll(new RegExp(`<pre${cls}><code class="language-(?:sh|json)">([\\s\\S]*?)</code></pre>`, 'g'))].map(
      (m) => textOf(m[1] ?? ''),
    );

  it('shows exactly the walkthrough commands, in order, and no other shell command', () => {
    expect(blocks('')).toEqual(walkthroughs.flatMap((j) => j.steps.map((s) => s.command)));
    expect(html.match(/class="language-sh"/g)).toHaveLength(walkthroughs.flatMap((j) => j.steps).length);
  });

  it('shows under each command the answer the test compares', () => {
    const shown = blocks(' class="answer"').map(parseJsonStream);
    expect(shown).toEqual(
      walkthroughs.flatMap((j) => j.steps.flatMap((s) => (s.answer ? [parseJsonStream(s.answer)] : []))),
    );
  });

  it('writes Persian names as the description asks (Persian letters, not Arabic ي or ك)', () => {
    const pattern = String(pointerGet(doc, '/components/schemas/PersianName/pattern'));
    const names = walkthroughs.flatMap((j) =>
      j.steps.flatMap((s) => [...s.command.matchAll(/\\?"name\\?": \\?"([^"\\]+)/g)]),
    );
    expect(names.length).toBeGreaterThan(0);
    for (const [, name] of names) expect(name).toMatch(new RegExp(pattern));
  });
});

describe('the getting-started walkthrough, run in bash against a fresh sandbox', () => {
  it('has jq and curl, as the page says', () => {
    for (const tool of ['bash', 'curl', 'jq'])
      expect(spawnSync('sh', ['-c', `command -v ${tool}`]).status, `${tool} is installed`).toBe(0);
  });

  // In page order, each journey twice in a row on one sandbox and no reset between: a walk that reused
  // a seeded record, a roadmap or a mobile would fail its second run.
  it.each(walkthroughs.map((j) => [j.id, j] as const))(
    '%s: every step prints what the page shows, run twice',
    async (_, journey) => {
      for (const round of [1, 2]) {
        const { problems, stderr, status } = await run(journey);
        expect(problems, `run ${round}: ${stderr}`).toEqual([]);
        expect(status, `run ${round}`).toBe(0);
      }
    },
    READY_LIMIT_MS * 2,
  );
});
