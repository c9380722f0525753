import { type Addresses, atAddresses, LOCAL } from './addresses.js';
import type { ClientDownload } from './downloads.js';
import { code, esc, table } from './html.js';

// How to run the typed-client examples from an empty folder, against the sandbox and the mock: every
// command here is run by test/client-runs.test.ts, read from the built page.

const auth = '-H "API-KEY: $TAS_API_KEY"';
const readyRecord = `export TAS_RECORD=$(curl -s "$TAS_BASE_URL/api/v2/record/?status=2&auth_required=true" ${auth} \\
  | jq -r 'first(.data.results[] | select(.test_id == "career-interest" and .role == null)) | .token')`;
const newRoadmap = `export TAS_ROADMAP=$(curl -s -X POST "$TAS_BASE_URL/__sandbox/roadmaps/" ${auth} | jq -r .data.token)`;
/** What the page says to run when an SMS example asks for the code (MOBILE: the number it names). */
export const OUTBOX_COMMAND = `curl -s "$TAS_BASE_URL/__sandbox/sms/?mobile=MOBILE" ${auth} | jq -r '.data.messages[0].code'`;

/** Each example's file, in the order the sessions run them. */
export const SANDBOX_SESSIONS: { title: string; lines: string[] }[] = [
  {
    title: 'The instant organizer: a record from ready to result, then a roadmap',
    lines: [
      `export TAS_BASE_URL=${LOCAL.sandbox} TAS_API_KEY=sandbox-key-instant`,
      'unset TAS_SMS_CODE',
      readyRecord,
      'npx tsx standalone-instant.ts',
      'npx tsx questions-and-answers.ts',
      'npx tsx results.ts',
      newRoadmap,
      'npx tsx roadmap-instant.ts',
    ],
  },
  {
    title: 'The SMS organizer: each SMS example asks for the code',
    lines: [
      'export TAS_API_KEY=sandbox-key-sms',
      readyRecord,
      'npx tsx standalone-sms.ts',
      newRoadmap,
      'npx tsx roadmap-sms.ts',
      'npx tsx listing.ts',
    ],
  },
];

/** On the mock every example runs as it is, in any order. */
const mockLines = (files: string[]) => [
  `export TAS_BASE_URL=${LOCAL.mock} TAS_SMS_CODE=48213`,
  'unset TAS_API_KEY TAS_RECORD TAS_ROADMAP',
  ...files.map((f) => `npx tsx ${f}`),
];

const VARIABLES: [string, string][] = [
  ['TAS_BASE_URL', 'the server: the sandbox or the mock (the examples default to the mock)'],
  [
    'TAS_API_KEY',
    'the organizer key: <code>sandbox-key-instant</code> or <code>sandbox-key-sms</code> on the sandbox, any on the mock',
  ],
  ['TAS_RECORD', "a record's token: on the sandbox, a ready standalone record, found with the listing (below)"],
  ['TAS_ROADMAP', "a roadmap's token: on the sandbox, a new roadmap from its control API (below)"],
  ['TAS_SMS_CODE', 'the SMS code: unset on the sandbox, where the example asks for it; any 5 digits on the mock'],
];

/** The setup of an empty folder: the client from its tarball, and tsx to run TypeScript as it is. */
export function setupLines(client: ClientDownload | undefined): string[] {
  const file = client?.file ?? 'tas-client-<version>.tgz';
  return [
    'mkdir tas-examples && cd tas-examples',
    `# save ${file} from Downloads into this folder, then:`,
    'npm init -y && npm pkg set type=module',
    `npm install ./${file} tsx @types/node`,
  ];
}

/**
 * A tsconfig.json for the examples' folder that today's TypeScript accepts: 7.x's `tsc --init` writes
 * `"types": []`, and the examples read `process.env`.
 */
export const EXAMPLES_TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts'],
};

/** "With the typed client", before the examples: the folder to run them in and the variables they read. */
export function clientSetupSection(client: ClientDownload | undefined): string {
  return `<h3 id="client-setup">A folder to run them in</h3>
<p>In a new, empty folder (Node.js 20.19 or later; <code>curl</code> and <code>jq</code> for the commands that find tokens),
with the client's tarball from <a href="downloads.html#client">Downloads</a>:</p>
${code(setupLines(client).join('\n'), 'sh')}
<p>Save each example below under its file name in that folder. They read these environment variables:</p>
${table(
  ['Variable', 'What it holds'],
  VARIABLES.map(([name, what]) => [`<code>${esc(name)}</code>`, what]),
)}
<p id="client-tsconfig">To typecheck them, save this <code>tsconfig.json</code> in the folder (TypeScript 5 or today's 7: the
<code>tsc --init</code> of TypeScript 7 writes <code>"types": []</code>, which leaves out Node's types, so
<code>process</code> is unknown to it):</p>
${code(JSON.stringify(EXAMPLES_TSCONFIG, null, 2), 'json')}
${code('npm install --save-dev typescript\nnpx tsc', 'sh')}
<p><code>npx tsc</code> prints nothing when every example fits the client's types.</p>`;
}

/** After the examples: the runs against the sandbox and the mock, every variable set on the page. */
export function clientRunsSection(addresses: Addresses, files: string[]): string {
  const at = (lines: string[]) => code(atAddresses(lines.join('\n'), addresses), 'sh');
  return `<h3 id="client-runs">Run them</h3>
<p><strong>Against the sandbox</strong>, in one shell and in this order: each line sets what the next ones need.</p>
${SANDBOX_SESSIONS.map((s) => `<p>${esc(s.title)}:</p>\n${at(s.lines)}`).join('\n')}
<p>When an SMS example prints <code>code sent to 09…</code> and asks for the code, read it from the sandbox's outbox in
another shell (with the same <code>TAS_BASE_URL</code> and <code>TAS_API_KEY</code>, the mobile it names in place of
<code>MOBILE</code>) and type it:</p>
${at([OUTBOX_COMMAND])}
<p><strong>Against the mock</strong>, which answers its examples for any token and takes any 5-digit code. Its first example of
an authentication is SMS mode, whatever the key: there the instant examples print the SMS lines (<code>an SMS code was
sent</code>), which on the sandbox only <code>sandbox-key-sms</code> gives.</p>
${at(mockLines(files))}`;
}
