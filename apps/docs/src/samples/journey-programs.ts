import { HTTPSnippet } from '@readme/httpsnippet';
import type { Journey, JourneyStep, OpenApiDocument } from '@tas/openapi';
import { bindVariables } from './bind.js';
import { type FreshName, LANGUAGES, type Language } from './languages.js';

/**
 * A journey of the Arazzo workflows (`openapi/arazzo/`, read by `loadJourneys`) as one program in a
 * partner's language: each step's request written by httpsnippet, as the reference's samples are,
 * then its success criteria checked and its outputs kept for the steps after it. Nothing of a
 * journey is written here: change the workflow and every program follows.
 */
export type JourneyLanguage = 'Python' | 'PHP';

const BASE = 'http://tas-base-url.invalid';
/** Where each source description's paths start on a server (the sandbox serves both). */
export const PREFIX: Record<string, string> = { tas: '/api/v2', sandbox: '/__sandbox' };

/** `$inputs.api_key` → API_KEY, `$steps.create-record.outputs.token` → CREATE_RECORD_TOKEN. */
export function variableOf(expression: string): string | undefined {
  const input = /^\$inputs\.([\w-]+)$/.exec(expression);
  if (input) return (input[1] as string).replace(/-/g, '_').toUpperCase();
  const output = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (output) return `${output[1]}_${output[2]}`.replace(/-/g, '_').toUpperCase();
  return undefined;
}

/** A value of the workflow with its runtime expressions as `__NAME__` placeholders. */
function placed(value: unknown): unknown {
  if (typeof value === 'string') {
    const name = variableOf(value);
    return name ? `__${name}__` : value;
  }
  if (Array.isArray(value)) return value.map(placed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placed(v)]));
  return value;
}

/** Method and path of every operation of a description, by operationId. */
export function routesOf(doc: OpenApiDocument): Map<string, { method: string; path: string }> {
  const routes = new Map<string, { method: string; path: string }>();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item as Record<string, { operationId?: string }>))
      if (op && typeof op === 'object' && op.operationId) routes.set(op.operationId, { method, path });
  return routes;
}

function harOf(step: JourneyStep, route: { method: string; path: string }) {
  const value = (p: { value: unknown }) => String(placed(p.value));
  let path = route.path;
  for (const p of step.parameters.filter((p) => p.in === 'path')) path = path.replace(`{${p.name}}`, value(p));
  const body = step.payload === undefined ? undefined : JSON.stringify(placed(step.payload));
  return {
    method: route.method.toUpperCase(),
    url: `${BASE}${PREFIX[step.source] ?? ''}${path}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    queryString: step.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, value: value(p) })),
    headers: [
      ...step.parameters.filter((p) => p.in === 'header').map((p) => ({ name: p.name, value: value(p) })),
      ...(body ? [{ name: 'Content-Type', value: 'application/json' }] : []),
    ],
    ...(body ? { postData: { mimeType: 'application/json', text: body } } : {}),
  };
}

/** A JSON pointer into the answer's body as the language indexes it: `/data/token` → `["data"]["token"]`. */
function indexOf(pointer: string, quote: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((t) => (/^\d+$/.test(t) ? `[${t}]` : `[${quote}${t}${quote}]`))
    .join('');
}

/** How each language reads the answer, checks a criterion and keeps an output. */
const CHECKS: Record<
  JourneyLanguage,
  {
    /** The library's lines from the call on, replaced by these (status and body kept). */
    answer: (code: string) => string;
    fail: (step: string, what: string) => string;
    literal: (json: string) => string;
    body: (pointer: string) => string;
    keep: (name: string, pointer: string) => string;
    done: (id: string) => string;
  }
> = {
  Python: {
    answer: (code) => code.replace(/\nprint\(response\.text\)$/, '\nbody = response.json()'),
    fail: (step, what) => `assert ${what}, f"${step}: {response.status_code} {response.text}"`,
    literal: (json) => ({ true: 'True', false: 'False', null: 'None' })[json] ?? json,
    body: (pointer) => `body${indexOf(pointer, '"')}`,
    keep: (name, pointer) => `${name} = body${indexOf(pointer, '"')}`,
    done: (id) => `print("${id}: every step as the workflow says")`,
  },
  PHP: {
    answer: (code) =>
      code.replace(
        /\n\$response = curl_exec\(\$curl\);[\s\S]*$/,
        '\n$response = curl_exec($curl);\n$status = curl_getinfo($curl, CURLINFO_HTTP_CODE);\ncurl_close($curl);\n$body = json_decode($response, true);',
      ),
    fail: (step, what) => `if (!(${what})) { fwrite(STDERR, "${step}: $status $response\\n"); exit(1); }`,
    literal: (json) => json,
    body: (pointer) => `$body${indexOf(pointer, "'")}`,
    keep: (name, pointer) => `$${name} = $body${indexOf(pointer, "'")};`,
    done: (id) => `echo "${id}: every step as the workflow says\\n";`,
  },
};

/** One step's code: the request, then its criteria and outputs. */
async function stepCode(step: JourneyStep, lang: Language, route: { method: string; path: string }) {
  const check = CHECKS[lang.label as JourneyLanguage];
  const [written] = (await new HTTPSnippet(harOf(step, route) as ConstructorParameters<typeof HTTPSnippet>[0]).convert(
    lang.target,
    lang.client,
  )) as string[];
  if (!written) throw new Error(`httpsnippet wrote no ${lang.label} for ${step.stepId}`);
  const bound = bindVariables(written.split(BASE).join('__BASE_URL__'), lang).trim();
  // The program says `<?php` and imports once, at its top.
  const code = check.answer(bound.replace(/^<\?php\n+/, '').replace(/^import requests\n+/, ''));
  const status = lang.label === 'PHP' ? '$status' : 'response.status_code';
  const criteria = step.criteria.map((c) => {
    const code = /^\$statusCode == (\d{3})$/.exec(c);
    if (code) return check.fail(step.stepId, `${status} == ${code[1]}`);
    const field = /^\$response\.body#(\S+) (==|!=) (.+)$/.exec(c);
    if (!field) throw new Error(`${step.stepId}: a criterion this program cannot check: ${c}`);
    const other = variableOf(field[3] as string);
    const want = other ? lang.ref(other) : check.literal(field[3] as string);
    return check.fail(step.stepId, `${check.body(field[1] as string)} ${field[2]} ${want}`);
  });
  const outputs = Object.entries(step.outputs).map(([name, expression]) => {
    const pointer = /^\$response\.body#(\S+)$/.exec(expression)?.[1];
    if (!pointer) throw new Error(`${step.stepId}: an output this program cannot keep: ${expression}`);
    return check.keep(variableOf(`$steps.${step.stepId}.outputs.${name}`) as string, pointer);
  });
  return [`${lang.comment} ${step.stepId}: ${step.operationId}`, code, ...criteria, ...outputs].join('\n');
}

/**
 * The whole journey as one program: BASE_URL and the workflow's inputs read from the environment
 * (an input with a default takes it when unset), then every step in order.
 */
export async function journeyProgram(
  journey: Journey,
  label: JourneyLanguage,
  descriptions: Record<string, OpenApiDocument>,
): Promise<string> {
  const lang = LANGUAGES.find((l) => l.label === label) as Language;
  const inputs = Object.entries(journey.inputs?.properties ?? {});
  // The mobile, when not given, new each run as in the samples (the sandbox allows 5 authentications per mobile).
  const made = (v: string) => lang.fresh[v as FreshName]?.split(' = ')[1]?.replace(/;$/, '');
  const read = (name: string, fallback: unknown) => {
    const v = name.replace(/-/g, '_').toUpperCase();
    if (fallback === undefined) return lang.read(v);
    const value = made(v) ?? JSON.stringify(String(fallback));
    return label === 'PHP' ? `$${v} = getenv('${v}') ?: ${value};` : `${v} = os.environ.get("${v}") or ${value}`;
  };
  const steps: string[] = [];
  for (const step of journey.steps) {
    const route = routesOf(descriptions[step.source] as OpenApiDocument).get(step.operationId);
    if (!route)
      throw new Error(`${journey.workflowId}/${step.stepId}: no operation ${step.operationId} in ${step.source}`);
    steps.push(await stepCode(step, lang, route));
  }
  const header = [
    `${lang.comment} ${journey.summary}: the workflow ${journey.workflowId} of journeys.arazzo.yaml.`,
    `${lang.comment} Needs BASE_URL (the sandbox) and API_KEY: ${journey.inputs?.properties?.api_key?.description ?? 'an organizer key'}`,
    ...inputs
      .filter(([n]) => n !== 'api_key')
      .map(
        ([n, p]) =>
          `${lang.comment} ${n.toUpperCase()}: ${p.description ?? n}${p.default === undefined ? '' : made(n.toUpperCase()) ? ' (default a new one each run)' : ` (default ${String(p.default)})`}`,
      ),
  ];
  const reads = [lang.read('BASE_URL'), ...inputs.map(([n, p]) => read(n, p.default))];
  const open = label === 'PHP' ? ['<?php', ...header] : [...header, 'import os', 'import time', '', 'import requests'];
  return `${[...open, '', ...reads, '', steps.join('\n\n'), '', CHECKS[label].done(journey.workflowId)].join('\n')}\n`;
}
