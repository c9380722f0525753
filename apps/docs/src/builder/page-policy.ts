import { createHash } from 'node:crypto';
import { POLICY_KEY } from '../tryit/added.js';
import { LOCAL_SOURCES } from './tryit-policy.js';

/**
 * Every page's Content-Security-Policy, in the page itself so that any static host serves it (the
 * docs server sends the same in its header, src/serve.ts). No inline script runs but those the page
 * was built with, each allowed by its SHA-256; nothing is evaluated (Try it's judge compiles its
 * validators in a worker, src/tryit/judge-worker.ts). Styles stay inline: Redoc's styled-components
 * write them.
 *
 * Where Try it may send a request (and frame or post the HTML questionnaire) is exact, and not known
 * when the page is built: the hosted servers the build names, a server on this machine, and any
 * address the person added by hand on the page (kept for the tab, never taken from a link). The
 * page's first script, itself allowed by its hash, writes that second policy before anything else
 * runs; a policy can only narrow, so the first leaves those three directives to it.
 */

const META = /<meta http-equiv="Content-Security-Policy"[^>]*>\n?\s*/g;
const POLICY_SCRIPT = /<script data-tas-policy>[\s\S]*?<\/script>\n?\s*/g;
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** An address a person may add (a CSP source expression: scheme, host, port, an optional path prefix). */
export const ADDED_SOURCE = /^https?:\/\/[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~/-]*\/)?$/;

/** The script that writes the exact policy of Try it's targets: the build's, this machine's, the tab's own. */
export function policyScript(hosted: string[]): string {
  const fixed = JSON.stringify(["'self'", ...hosted, ...LOCAL_SOURCES]);
  return `<script data-tas-policy>(function(){var f=${fixed},a=[],r=${ADDED_SOURCE};try{a=JSON.parse(localStorage.getItem(${JSON.stringify(POLICY_KEY)})||"[]")}catch(e){}
var s=f.concat(a.filter(function(x){return typeof x==="string"&&r.test(x)})).join(" "),t=s.replace("'self' ","");
var m=document.createElement("meta");m.httpEquiv="Content-Security-Policy";m.content="connect-src "+s+"; frame-src "+t+"; form-action "+s;document.head.appendChild(m)})()</script>`;
}

export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's own policy: its inline scripts by hash, Try it's three directives left to the policy script. */
export function pagePolicy(hashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self' http: https:",
    'frame-src http: https:',
    "form-action 'self' http: https:",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** The page with its policy (any earlier one replaced): the meta first in its head, then the policy script. */
export function withPagePolicy(html: string, hosted: string[]): string {
  const bare = html.replace(META, '').replace(POLICY_SCRIPT, '');
  // An inline handler (onclick="…") would be refused by the policy: the build says where, rather than the page failing.
  const handler = /<[a-z][^<>]*\son[a-z]+\s*=[^<>]*>/i.exec(bare.replace(INLINE_SCRIPT, ''))?.[0];
  if (handler)
    throw new Error(`a page has an inline event handler, which its policy refuses: ${handler.slice(0, 120)}`);
  const withScript = bare.replace(/<head>\s*/i, (head) => `${head}${policyScript(hosted)}\n  `);
  const hashes = [...withScript.matchAll(INLINE_SCRIPT)].map((m) => sha256(m[1] ?? ''));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy(hashes)}">`;
  return withScript.replace(/<head>\s*/i, (head) => `${head}${meta}\n  `);
}

/** The policy a page carries (its first meta), for the docs server's header. */
export function policyOf(html: string): string | undefined {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
}
