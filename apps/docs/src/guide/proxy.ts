import type { OpenApiDocument } from '@tas/openapi';
import type { Addresses } from './addresses.js';
import type { ConformanceDownload } from './conformance.js';
import { DOWNLOADS } from './downloads.js';
import { code, esc } from './html.js';
import { page } from './layout.js';

/** The proxy's port in the page's commands: any free one does. */
const PORT = 5900;

/** The commands that put a client behind `tas-conformance proxy`, the deployment being `upstream`. */
export function proxyCommands(suite: ConformanceDownload, upstream: string) {
  const bin = `npx --yes --package ./${suite.file} tas-conformance proxy`;
  const at = `http://localhost:${PORT}`;
  return {
    start: `${bin} --upstream ${upstream} --port ${PORT} --json proxy.json --junit proxy.xml --html proxy.html`,
    phone: `${bin} --upstream ${upstream} --host 0.0.0.0 --port ${PORT} --html proxy.html`,
    newman: `npx --yes newman@6 run ${DOWNLOADS.collection} -e ${DOWNLOADS.environment('sandbox-sms')} --env-var base_url=${at}`,
    client: `TAS_BASE_URL=${at} npx tsx quick-start.ts`,
    curl: `curl -H "API-KEY: $TAS_API_KEY" ${at}/api/v2/record/`,
  };
}

/** "Judge real traffic": how QA puts an app, a browser or a partner's test suite behind the proxy. */
export function proxyPage({
  doc,
  suite,
  addresses,
  control,
}: {
  doc: OpenApiDocument;
  suite: ConformanceDownload;
  addresses: Addresses;
  control: boolean;
}): string {
  const { title, version } = doc.info;
  const c = proxyCommands(suite, addresses.sandbox);
  const body = `<h1>Judge real traffic: <code>tas-conformance proxy</code></h1>
<p>The conformance suite's <code>run</code> judges the requests it sends itself. <code>proxy</code> judges what your mobile app,
your web app or a partner's test suite really sends and gets back: put it between them and the deployment, and every exchange
is held to the same rules and the same model of the interface as a run, with the same verdicts. It forwards everything
unchanged (headers, bodies, streaming, keep-alive, an HTTPS deployment), sends nothing of its own, and never holds an
answer back. Download <a href="downloads.html#conformance">${esc(suite.file)}</a> first; in its folder:</p>
<h2 id="start">Start it in front of the deployment</h2>
${code(c.start, 'sh')}
<p>It prints the address it listens on. Here the deployment is ${addresses.hosted.sandbox ? 'the hosted sandbox' : 'the sandbox you started from Downloads'};
for staging, give its address to <code>--upstream</code>, and its deployment profile with <code>--profile FILE</code>. A
stated failure prints as it happens, with the interface's words and the exchanges that contradict each other as
<code>curl</code> lines (the key read from <code>$TAS_API_KEY</code>, never printed). Stop it with Ctrl-C, or let
<code>--until N</code> exchanges or <code>--for SECONDS</code> stop it: it prints the summary and writes the reports, with
what passed each operation and which operations were never exercised. Stopped by <code>--until</code> or <code>--for</code>,
it exits 0 (nothing stated failed), 1 (a stated failure) or 2 (nothing could be judged), for CI to read; after Ctrl-C,
<code>npx</code> itself exits 130.</p>
<h2 id="partner-suite">A partner's test suite, a script, the Postman collection</h2>
<p>Point its base URL at the proxy instead of the deployment. The Postman collection of Downloads, under newman:</p>
${code(c.newman, 'sh')}
<p>The typed client's quick start, or any program that reads its address from the environment:</p>
${code(c.client, 'sh')}
<p>Or by hand:</p>
${code(c.curl, 'sh')}
<h2 id="browser">A web app in a browser</h2>
<p>Build or configure the web app with <code>http://localhost:${PORT}</code> as the API's address and open it in the browser
on the same machine; every call it makes passes the proxy. A single-page app served from another origin needs the
deployment's CORS answers, which the proxy forwards as they are.</p>
<h2 id="mobile">A mobile app</h2>
<p>Let other devices reach the proxy, then set the app's API address to this machine's address on the network (e.g.
<code>http://192.168.1.20:${PORT}</code>; the Android emulator reaches the machine as <code>http://10.0.2.2:${PORT}</code>, the iOS
simulator as <code>http://localhost:${PORT}</code>):</p>
${code(c.phone, 'sh')}
<h2 id="bounds">Left running for a week</h2>
<p>Memory stays bounded: bodies over 1 MiB (<code>--max-body</code>) pass through unjudged and are counted; the model of the
interface remembers at most 10,000 records (<code>--remember</code>), forgetting the least recently seen. A deployment that
does not answer gets the client a 502 and an <code>UPSTREAM</code> line: the upstream's failure, never a verdict on the
deployment. <code>tas-conformance proxy --help</code> lists every option.</p>`;
  return page({ title: 'Judge real traffic', siteTitle: title, version, body, control });
}
