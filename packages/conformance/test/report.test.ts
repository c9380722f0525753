import { listAssumptions, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/options.js';
import { registry } from '../src/registry.js';
import { formatResultLine, formatSummary } from '../src/report/console.js';
import { groupFindings } from '../src/report/group.js';
import { statementVerdict, toHtml } from '../src/report/html.js';
import { toJson } from '../src/report/json.js';
import { toJunit } from '../src/report/junit.js';
import { statementsOf } from '../src/statements/table.js';
import type { CheckResult, Exchange, Finding } from '../src/types.js';

const exchange = (url: string, operationId = 'getRecord'): Exchange => ({
  request: { method: 'GET', url, key: 'main', headers: {} },
  response: { status: 200, headers: {}, text: '{}', json: {} },
  operationId,
});
const TOKEN_A = '11111111-1111-4111-8111-111111111111';
const TOKEN_B = '22222222-2222-4222-8222-222222222222';
const finding = (o: Partial<Finding> & { url?: string; op?: string }): Finding => ({
  rule: 'response.schema',
  statement: 'Resources and their fields',
  message: 'getRecord 200: /data/test/id must be string',
  assumed: true,
  path: '/data/test/id',
  exchange: exchange(o.url ?? `http://t/api/v2/record/${TOKEN_A}/`, o.op),
  ...o,
});
const check = (id: string, findings: Finding[], outcome: CheckResult['outcome']): CheckResult => ({
  id,
  title: `the ${id} check`,
  statement: 'a statement',
  kind: 'journey',
  outcome,
  findings,
  requests: findings.length,
  durationMs: 10,
  waitMs: 0,
});
const runOf = (results: CheckResult[], strict = false): RunResult => {
  const all = results.flatMap((r) => r.findings);
  const n = (o: CheckResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const fail = n('fail');
  return {
    baseUrl: 'http://t',
    target: 'live',
    strict,
    startedAt: '2026-11-24T00:00:00.000Z',
    durationMs: 1000,
    requests: all.length,
    waitMs: 0,
    results,
    summary: { pass: n('pass'), fail, warn: n('warn'), skip: n('skip') },
    findings: { stated: all.filter((f) => !f.assumed).length, assumed: all.filter((f) => f.assumed).length },
    created: [],
    seed: 1,
    negative: { budget: 0, constraints: 0 },
    conforms: fail === 0,
  };
};

// One stated failure behind 137 copies of one assumed warning: what a QA engineer met before.
const STATED = finding({
  rule: 'record-auth',
  statement: '"`auth_required` becomes `false`"',
  message: 'auth_required is still true after authentication',
  assumed: false,
  path: undefined,
});
const WARNINGS = Array.from({ length: 137 }, (_, i) =>
  finding({
    message: `getRecord 200: /data/questions/${i}/num must be string`,
    path: `/data/questions/${i}/num`,
    url: `http://t/api/v2/record/${i % 2 ? TOKEN_A : TOKEN_B}/`,
  }),
);
const NOISY = check('record-auth', [...WARNINGS.slice(0, 5), STATED, ...WARNINGS.slice(5)], 'fail');

describe('groupFindings', () => {
  it.each([
    ['array indexes and tokens do not part them', [WARNINGS[0], WARNINGS[1], WARNINGS[2]], [3]],
    [
      'another JSON path does',
      [WARNINGS[0], finding({ path: '/data/x', message: 'getRecord 200: /data/x must be string' })],
      [1, 1],
    ],
    ['another operation does', [WARNINGS[0], finding({ op: 'getQuestions' })], [1, 1]],
    ['stated and assumed never share a group', [finding({}), finding({ assumed: false })], [1, 1]],
  ] as [string, Finding[], number[]][])('%s', (_name, given, counts) => {
    const groups = groupFindings(given.map((f) => ({ finding: f, check: 'c' })));
    expect(groups.map((g) => g.count)).toEqual(counts);
  });

  it('puts stated ones first, then the most frequent', () => {
    const groups = groupFindings(NOISY.findings.map((f) => ({ finding: f, check: 'record-auth' })));
    expect(groups.map((g) => [g.assumed, g.count])).toEqual([
      [false, 1],
      [true, 137],
    ]);
  });
});

describe('console', () => {
  it('prints the stated finding in full and counts the 137 warnings in one line', () => {
    const text = formatResultLine(NOISY);
    expect(text.split('\n')).toEqual([
      'FAIL  record-auth  the record-auth check  (0.0 s)',
      '      stated [record-auth] auth_required is still true after authentication',
      '        rule: "`auth_required` becomes `false`"',
      `        repro: curl -i -X GET 'http://t/api/v2/record/${TOKEN_A}/' -H "API-KEY: $TAS_API_KEY"`,
      '        got: 200 {}',
    ]);
  });

  it('under --strict the warnings fail, so they are shown, grouped', () => {
    const text = formatResultLine(NOISY, { strict: true });
    expect(text).toContain('assumed [response.schema] getRecord 200: /data/questions/0/num must be string (137 times)');
    expect(text.match(/repro:/g)).toHaveLength(2);
  });

  it('the summary: stated failures first, then what could not run with what to set, then the notes by kind', () => {
    const notRun = {
      ...check('results-after-finish', [], 'skip'),
      couldNotRun: true,
      verdict: {
        stated: 'pass' as const,
        reached: false,
        why: 'could not run: the result of a finished record: refused with 404',
        needs: ['--result-path'],
        notes: 0,
      },
    };
    const text = formatSummary({ ...runOf([NOISY, check('vip-wait', [], 'pass'), notRun]), couldNotRun: [] });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Failures: 1 finding of 1 kind');
    expect(text).toMatch(
      /^Could not run: 1 check did not reach what they check\n {2}results-after-finish: the result of a finished record: refused with 404; set: --result-path$/m,
    );
    expect(text).toMatch(/^Assumed notes \(the description's choices, not the interface's\): 137 of 1 kinds$/m);
    expect(text).toMatch(/^ {4}137× \[response\.schema\] getRecord 200: \/data\/questions\/0\/num must be string$/m);
    expect(text.indexOf('Failures:')).toBeLessThan(text.indexOf('Could not run:'));
    expect(text.indexOf('Could not run:')).toBeLessThan(text.indexOf('Assumed notes'));
  });

  it("the table counts each check under its line's label: notes under pass, could not run apart", () => {
    const withNotes = {
      ...check('questions-flat', [finding({})], 'warn'),
      verdict: { stated: 'pass' as const, reached: true, notes: 1 },
    };
    const notRun = {
      ...check('after-finish', [], 'warn'),
      verdict: { stated: 'pass' as const, reached: false, why: 'could not run: refused', notes: 0 },
    };
    const run = runOf([withNotes, notRun, check('vip-wait', [], 'pass'), check('sms-expiry', [], 'fail')]);
    const table = formatSummary({ ...run, couldNotRun: [{ id: 'after-finish', why: 'refused', needs: [] }] }).split(
      '\n',
    );
    const row = (name: string) =>
      table
        .find((l) => l.startsWith(name))
        ?.trim()
        .split(/\s{2,}/);
    expect(row('checks')).toEqual(['checks', 'pass', 'fail', 'not run', 'skip']);
    expect(row('journey')).toEqual(['journey', '2', '1', '1', '0']);
    expect(row('total')).toEqual(['total', '2', '1', '1', '0']);
  });

  it('the notes: one line per kind, the same message in several operations once', () => {
    const same = (op: string) => finding({ op, message: 'messages[0] must have required property text' });
    const text = formatSummary(
      runOf([check('x', [same('getRecord'), same('getRoadmap'), same('getRoadmap')], 'warn')]),
    );
    expect(text).toMatch(/^Assumed notes \(the description's choices, not the interface's\): 3 of 1 kinds$/m);
    expect(text).toMatch(
      /^ {6}3× \[response\.schema\] messages\[0\] must have required property text \(in 2 operations\)$/m,
    );
  });

  it.each([
    [
      'stated part held, notes counted: PASS',
      {
        ...check('x', [WARNINGS[0] as Finding], 'warn'),
        verdict: { stated: 'pass' as const, reached: true, notes: 1 },
      },
      /^PASS {2}x .*, 1 note\)$/,
    ],
    [
      'did not reach what it checks: COULD NOT RUN',
      {
        ...check('x', [], 'skip'),
        couldNotRun: true,
        verdict: { stated: 'pass' as const, reached: false, why: 'could not run: refused', notes: 0 },
      },
      /^COULD NOT RUN {2}x .*\n {6}could not run: refused$/,
    ],
  ])('%s', (_name, given, want) => {
    expect(formatResultLine(given)).toMatch(want);
  });
});

describe('JUnit', () => {
  it("the failure's headline is the stated finding, though a warning came first", () => {
    const xml = toJunit(runOf([NOISY]));
    expect(xml).toContain(
      '<failure message="auth_required is still true after authentication (1 stated, 137 assumed)">stated [record-auth]',
    );
  });
});

describe('JSON', () => {
  it('keeps every finding counted, each kind written once', () => {
    const report = JSON.parse(toJson(runOf([NOISY])));
    const findings = report.results[0].findings;
    expect(findings.map((f: { count: number; breaks: string }) => [f.breaks, f.count])).toEqual([
      ['stated', 1],
      ['assumed', 137],
    ]);
    expect(findings[1].curl).toContain('$TAS_API_KEY');
    expect(toJson(runOf([NOISY])).length).toBeLessThan(6000);
  });
});

describe('HTML', () => {
  const doc = loadDescription();
  const STATEMENTS = statementsOf(registry(doc, listAssumptions(doc)).claims);
  const run = runOf([NOISY, check('vip-wait', [], 'pass'), check('submit-finishes', [], 'skip')]);
  const byText = (text: string) => STATEMENTS.find((s) => s.text.includes(text)) as (typeof STATEMENTS)[number];

  it.each([
    ['a statement whose check failed', '`true` while no profile is linked', 'fail'],
    ['a statement whose checks failed and passed', '`0` VIP wait, `1` finished', 'fail'],
    ['a statement whose check did not run', 'age/gender mismatch', 'not run'],
    ['a statement of a response rule that only noted', '| `test_title` | string | Human-readable test name.', 'notes'],
  ])('%s', (_name, text, want) => {
    const groups = groupFindings(run.results.flatMap((r) => r.findings.map((f) => ({ finding: f, check: r.id }))));
    expect(statementVerdict(byText(text), run, groups)).toBe(want);
  });

  it('a statement whose only check could not run is not run, though the check had notes', () => {
    const notRun = {
      ...check('vip-wait', [], 'warn'),
      verdict: { stated: 'pass' as const, reached: false, why: 'could not run: refused', notes: 2 },
    };
    const text = '`0` VIP wait (exists but unavailable';
    expect(statementVerdict(byText(text), runOf([notRun]), [])).toBe('not run');
    expect(toHtml(runOf([notRun]), STATEMENTS)).toContain('checks 0 pass, 0 fail, 1 could not run, 0 skip');
  });

  it('one page: the verdict, each failure with its quote and repro, every statement with its verdict', () => {
    const page = toHtml(run, STATEMENTS);
    expect(page).toContain('<h1 class="fail">The target departs from the contract</h1>');
    expect(page).toContain('<h2>Failures (1)</h2>');
    expect(page).toContain(
      '<blockquote>&quot;<code>auth_required</code> becomes <code>false</code>&quot;</blockquote>',
    );
    expect(page).toContain(`<pre>curl -i -X GET 'http://t/api/v2/record/${TOKEN_A}/'`);
    expect(page.match(/<tr class="/g)).toHaveLength(STATEMENTS.length);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});
