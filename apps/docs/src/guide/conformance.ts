import type { ClientPackage } from '../builder/client-package.js';
import type { Addresses } from './addresses.js';
import { code, esc } from './html.js';

/** The conformance suite's tarball in the site. */
export type ConformanceDownload = Pick<ClientPackage, 'name' | 'version' | 'file' | 'sha256'>;

/** The keys of the sandbox's two organizers, as the suite reads them. */
export const CONFORMANCE_KEYS = 'export TAS_API_KEY=sandbox-key-sms TAS_OTHER_API_KEY=sandbox-key-instant';

/** The commands that check the sandbox from the suite's tarball, in an empty folder: what the test runs. */
export function conformanceCommands(suite: ConformanceDownload, addresses: Addresses): string[] {
  const run = `npx --yes --package ./${suite.file} tas-conformance`;
  return [
    `sha256sum ${suite.file}   # prints ${suite.sha256}`,
    CONFORMANCE_KEYS,
    `${run} run --base-url ${addresses.sandbox} --provision sandbox --html report.html`,
  ];
}

/** Downloads: the conformance suite, for QA and operations, with the command that checks the sandbox. */
export function conformanceSection(suite: ConformanceDownload | undefined, addresses: Addresses): string {
  if (!suite)
    return '<p class="missing">The conformance suite was not available when this site was built: ask for the release folder, which holds it.</p>';
  const run = `npx --yes --package ./${esc(suite.file)} tas-conformance`;
  const where = addresses.hosted.sandbox
    ? `the hosted sandbox (<code>${esc(addresses.sandbox)}</code>)`
    : `the sandbox you started from its download above (<code>${esc(addresses.sandbox)}</code>)`;
  return `<p><code>tas-conformance</code> checks any deployment (live, staging, the sandbox or the mock) against this contract, rule
by rule, and names the interface statement behind each check; a departure from an <a href="assumptions.html">assumption</a> is a
warning, not a failure. <a href="${esc(suite.file)}" download>${esc(suite.file)}</a> (${esc(suite.name)} ${esc(suite.version)}),
SHA-256 <code class="sha256">${esc(suite.sha256)}</code>. In the folder you downloaded it to (Node.js 20.19 or later, no
project needed), this checks ${where} with both of its organizers and writes a report to read in a browser:</p>
${code(conformanceCommands(suite, addresses).join('\n'), 'sh')}
<p>It prints one line per check and a verdict; it exits 0 when the target conforms, 1 when it departs from the contract and 2
when the run could not be made. The sandbox paces its callers to the API's rate limit (100 calls a minute), so the run takes a few
minutes and says so first. <code>${run} --help</code> lists every option; against the mock add <code>--target mock</code>; against a
live deployment, <code>${run} plan --write-fixtures fixtures.json</code> writes the fixtures file a live run needs (records
and roadmaps of yours), and <code>run --fixtures fixtures.json</code> reads it. The package's README, in the tarball, explains each
check. To judge what your apps and partners really send, put <a href="proxy.html">the suite's proxy</a> in front of the
deployment.</p>`;
}
