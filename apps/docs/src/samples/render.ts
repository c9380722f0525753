import type { Operation } from '@tas/openapi';
import { LOCAL } from '../guide/addresses.js';
import { curl, FRESH_MOBILE } from '../guide/walkthrough/commands.js';
import type { SampleCall } from './calls.js';

export interface Sample {
  operationId: string;
  call: SampleCall;
  /** The variables the samples read besides BASE_URL and API_KEY, in order of first use. */
  variables: string[];
  curl: string;
  client: string;
  /** The path with its token variable (`/record/$RECORD/`), for the other languages. */
  path: string;
  body: unknown;
  /** What the sample does and needs, one line each, for a comment in any language. */
  header: string[];
}

const VARIABLE = /\$([A-Z][A-Z0-9_]*)/g;

/**
 * New values each run, in bash, zsh and plain sh alike (sh has no $RANDOM; POSIX od): an external_id, the
 * time in seconds then a random number from 0 to 65535 (two runs in one second collided on the time alone);
 * a mobile, the walkthrough's line (`FRESH_MOBILE`).
 */
export const FRESH_ID = ["EXTERNAL_ID=$(date +%s)$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')"];

/** Why a sample makes values of its own, for its header in every language. */
const FRESH_WHY =
  'A new mobile and external_id each run: an external_id is unique per organizer, and the sandbox allows 5 authentications per mobile';

/** Both samples of one operation, from its entry in `calls.ts` and the description's request example. */
export function renderSample(op: Operation, call: SampleCall, sandbox = LOCAL.sandbox): Sample {
  const tokenVar = op.path.startsWith('/roadmap/') ? '$ROADMAP' : '$RECORD';
  const path = op.path.replace(/\{token\}/g, tokenVar);
  const query = Object.entries(call.query ?? {});
  const body = bodyOf(op, call);
  const curlPath = `/api/v2${path}${query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`;
  const json = body === undefined ? undefined : JSON.stringify(body);
  const variables = [...new Set([...`${path} ${json ?? ''}`.matchAll(VARIABLE)].map((m) => m[1] as string))];
  // external_id is unique per organizer: each run sends new ones (the example's fixed number fails the second time).
  let ids = 0;
  const curlBody = json
    ?.replace(/"external_id":\d+/g, () =>
      ids++ ? `"external_id":$((EXTERNAL_ID + ${ids - 1}))` : '"external_id":$EXTERNAL_ID',
    )
    .replace(/"mobile":"\d+"/g, '"mobile":"$MOBILE"')
    .replace(/"\$(ANSWERS)"/g, '$$$1');
  const mobile = curlBody?.includes('$MOBILE') ?? false;
  const command = curl({ method: op.method.toUpperCase() as 'GET', path: curlPath, body: curlBody });

  const header = [
    `${op.summary}. Needs BASE_URL (the sandbox: ${sandbox}) and API_KEY (${call.key} on the sandbox)`,
    ...variables.map((v) => `${v}: ${call.needs?.[v] ?? 'see the reference'}`),
    ...(ids || mobile ? [FRESH_WHY] : []),
  ];
  return {
    operationId: op.operationId,
    call,
    variables,
    path,
    body,
    header,
    curl: `${[...header.map((l) => `# ${l}`), ...(ids ? FRESH_ID : []), ...(mobile ? [FRESH_MOBILE, 'echo "mobile: $MOBILE"'] : []), `${command} | jq .`].join('\n')}`,
    client: clientSource(
      op,
      call,
      { path: op.path.includes('{token}') ? tokenVar : undefined, query, body },
      variables,
      sandbox,
    ),
  };
}

function bodyOf(op: Operation, call: SampleCall): unknown {
  if (!op.requestBody) return undefined;
  // An older release (rendered under v/<version>/) may lack the example this table names: its first one
  // then. The current description's samples are run by a test, which fails on a wrong name or field.
  const examples = op.requestBody.examples;
  const name = call.example && call.example in examples ? call.example : Object.keys(examples)[0];
  if (!name) return {};
  const value = structuredClone(examples[name]) as Record<string, unknown>;
  for (const [field, variable] of Object.entries(call.bodyVariables ?? {})) if (field in value) value[field] = variable;
  return value;
}

function clientSource(
  op: Operation,
  call: SampleCall,
  parts: { path?: string; query: [string, unknown][]; body: unknown },
  variables: string[],
  sandbox: string,
): string {
  let ids = 0;
  // Both new each run, from the time in microseconds (see languages.ts).
  const now = 'Math.round((performance.timeOrigin + performance.now()) * 1000)';
  const js = (value: unknown) =>
    JSON.stringify(value, null, 2)
      .replace(/"\$ANSWERS"/g, 'JSON.parse(TAS_ANSWERS)')
      .replace(/"\$([A-Z][A-Z0-9_]*)"/g, 'TAS_$1')
      .replace(/"([a-z_][a-z0-9_]*)":/g, '$1:')
      .replace(/external_id: \d+/g, () => `external_id: ${now} * 2${ids++ ? ` + ${ids - 1}` : ''}`)
      .replace(/mobile: "\d+"/g, 'mobile: MOBILE');
  const init = [
    parts.path ? `path: { token: TAS_${parts.path.slice(1)} }` : '',
    parts.query.length ? `query: ${js(Object.fromEntries(parts.query)).replace(/\n\s*/g, ' ')}` : '',
    parts.body !== undefined ? `body: ${js(parts.body).replace(/\n/g, '\n  ')}` : '',
  ].filter(Boolean);
  const args = init.length ? `, {\n  ${init.join(',\n  ')},\n}` : '';
  const mobile = args.includes('mobile: MOBILE')
    ? `const MOBILE = \`09\${String(${now} % 1e9).padStart(9, '0')}\`;\nconsole.log('mobile:', MOBILE);\n`
    : '';
  // The names Getting started's examples read (TAS_…); the earlier ones (BASE_URL, API_KEY, …) still work.
  const defaults: Record<string, string> = { BASE_URL: sandbox, API_KEY: call.key };
  const env = ['BASE_URL', 'API_KEY', ...variables].map(
    (v) => `const TAS_${v} = env.TAS_${v} ?? env.${v} ?? '${defaults[v] ?? ''}';`,
  );
  return `// ${op.summary}, with the typed client (@tas/client; see the Downloads page).
import { createClient } from '@tas/client';

// Reads TAS_BASE_URL, TAS_API_KEY${variables.map((v) => `, TAS_${v}`).join('')} (as Getting started's examples do).
const env = process.env;
${env.join('\n')}
const tas = createClient({ baseUrl: TAS_BASE_URL, apiKey: TAS_API_KEY });

${mobile}const data = await tas.call('${op.operationId}'${args});
console.log(JSON.stringify(data, null, 2));
`;
}
