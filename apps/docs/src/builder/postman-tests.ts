import { type JsonObject, listOperations, type OpenApiDocument, pointerGet } from '@tas/openapi';

// The Postman collection's contract tests, derived from the description: each request asserts a
// success status the description documents for it and validates the body against that status's schema
// (Postman's own `pm.response.to.have.jsonSchema`, Ajv); the journey's state passes from one request to
// the next in collection variables; the SMS code comes from the sandbox's outbox when there is one.

export interface Event {
  listen: 'prerequest' | 'test';
  script: { type: 'text/javascript'; exec: string[] };
}

/** A schema with every local `$ref` put in place (Postman's validator sees one request's schema alone). */
export function inlineRefs(doc: OpenApiDocument, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonObject;
  if (typeof $ref === 'string' && $ref.startsWith('#/')) {
    // A schema that contains itself is left open there (none does today).
    if (seen.includes($ref)) return {};
    const target = pointerGet(doc, $ref.slice(1)) as JsonObject;
    return inlineRefs(doc, { ...target, ...rest }, [...seen, $ref]);
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineRefs(doc, v, seen)]));
}

/** Each documented success status of an operation, with its body's schema (inlined). */
function successes(doc: OpenApiDocument, operationId: string): Record<string, unknown> {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(op?.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    out[status] = response.schemaPointer
      ? inlineRefs(doc, pointerGet(doc, response.schemaPointer.replace(/^#/, '')))
      : {};
  }
  return out;
}

/** Side requests to the sandbox's control API only where there is one (`sandbox` is "no" on the mock). */
const onSandbox = (what: string) => [
  "if (pm.variables.get('sandbox') === 'no')",
  `  console.log('${what}: skipped, this server has no sandbox control API (/__sandbox/; environment variable sandbox is "no")');`,
  'else',
];

/** Reads the newest code sent to `mobile` from the sandbox's outbox; elsewhere `sms_code` keeps its value. */
const readCode = (mobile: string) => [
  ...onSandbox('reading the SMS code from the outbox'),
  `pm.sendRequest({ url: pm.variables.get('base_url') + '/__sandbox/sms/?mobile=${mobile}',`,
  "  header: { 'API-KEY': pm.variables.get('apiKey') } }, function (err, res) {",
  '  var sent = !err && res.code === 200 ? ((res.json().data || {}).messages || [])[0] : undefined;',
  "  if (sent) pm.variables.set('sms_code', sent.code);",
  '});',
];

/** While `variable` still holds the example's token, asks the sandbox's control API at `path` for a new one. */
const makeOnSandbox = (variable: string, example: string, path: string, body: object) => [
  ...onSandbox(`making ${variable} with ${path}`),
  `if (pm.variables.get('${variable}') === '${example}')`,
  `  pm.sendRequest({ url: pm.variables.get('base_url') + '${path}', method: 'POST',`,
  "    header: { 'API-KEY': pm.variables.get('apiKey'), 'Content-Type': 'application/json' },",
  `    body: { mode: 'raw', raw: '${JSON.stringify(body)}' } }, function (err, res) {`,
  `    if (!err && res.code < 300) pm.collectionVariables.set('${variable}', res.json().data.token);`,
  '  });',
];

/** The journey's state, kept by the request that learns it (test) and read by those after it (prerequest). */
function journey(operationId: string, doc: OpenApiDocument, defaults: { roadmap: string; record: string }): Event[] {
  const test = (exec: string[]): Event => ({ listen: 'test', script: { type: 'text/javascript', exec } });
  const pre = (exec: string[]): Event => ({ listen: 'prerequest', script: { type: 'text/javascript', exec } });
  const data = 'var data = (pm.response.json() || {}).data || {};';
  const mobile = (id: string) => String((requestExample(doc, id) as { mobile?: string } | undefined)?.mobile ?? '');
  switch (operationId) {
    case 'listRecords':
      return [
        test([
          data,
          "var ready = (data.results || []).find(function (r) { return r.role === null && r.test_id === 'career-interest'; });",
          "if (ready) pm.collectionVariables.set('record_token', ready.token);",
        ]),
      ];
    case 'getRecord':
      return [
        pre([
          '// None ready on this page: the sandbox makes one (its control API); elsewhere the example token stays.',
          ...makeOnSandbox('record_token', defaults.record, '/__sandbox/records/', { test_id: 'career-interest' }),
        ]),
      ];
    case 'getQuestions':
      return [
        test([
          data,
          "// Answers that fit this questionnaire: each option question's first option, a sentence for free text.",
          "if (data.questions) pm.collectionVariables.set('answers', JSON.stringify(data.questions.map(function (q) {",
          "  return q.answer && q.answer.text ? 'معلم مدرسه' : ((q.answer && q.answer.options) || [])[0].id;",
          '})));',
        ]),
      ];
    case 'authenticateRecord':
      return [test([data, "pm.collectionVariables.set('record_sms', data.tests_auth_required ? 'yes' : 'no');"])];
    case 'verifyRecordAuth':
      return [
        pre([
          '// An organizer that authenticates at once has nothing to verify.',
          "if (pm.collectionVariables.get('record_sms') === 'no') pm.execution.skipRequest();",
          ...readCode(mobile('authenticateRecord')),
        ]),
      ];
    case 'getRoadmap':
      return [
        pre([
          '// No roadmap given: the sandbox makes one (its control API); elsewhere set roadmap_token.',
          ...makeOnSandbox('roadmap_token', defaults.roadmap, '/__sandbox/roadmaps/', {}),
        ]),
      ];
    case 'authenticateRoadmap':
      return [
        test([
          data,
          "pm.collectionVariables.set('roadmap_sms', data.tests_auth_required ? 'yes' : 'no');",
          "if (data.draft_token) pm.collectionVariables.set('draft_token', data.draft_token);",
        ]),
      ];
    case 'verifyRoadmapAuth':
      return [
        pre([
          "if (pm.collectionVariables.get('roadmap_sms') === 'no') pm.execution.skipRequest();",
          ...readCode(mobile('authenticateRoadmap')),
        ]),
      ];
    default:
      return [];
  }
}

/** The request body example the collection sends for an operation. */
export function requestExample(doc: OpenApiDocument, operationId: string): unknown {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  return Object.values(op?.requestBody?.examples ?? {})[0];
}

/** Every script of one request: the journey's, then the contract's assertions. */
export function contractEvents(
  doc: OpenApiDocument,
  operationId: string,
  defaults: { roadmap: string; record: string },
): Event[] {
  const schemas = successes(doc, operationId);
  const contract = [
    `var schemas = ${JSON.stringify(schemas)};`,
    `pm.test('${operationId}: answers ${Object.keys(schemas).join(' or ')}, as the description documents', function () {`,
    // No answer at all (nothing listens at base_url): said so, rather than a TypeError from reading the body.
    "  var said = pm.response.code === undefined ? 'no answer from ' + pm.request.url.toString() + ' (does a server listen at base_url, ' + pm.variables.get('base_url') + '?)' : 'the answer: ' + String(pm.response.text()).slice(0, 300);",
    '  pm.expect(pm.response.code, said).to.be.oneOf(Object.keys(schemas).map(Number));',
    '});',
    'var schema = schemas[String(pm.response.code)];',
    `if (schema) pm.test('${operationId}: the body matches the description', function () {`,
    "  pm.response.to.have.jsonSchema(schema, { unknownFormats: 'ignore' });",
    '});',
  ];
  const own = journey(operationId, doc, defaults);
  const ownTest = own.find((e) => e.listen === 'test')?.script.exec ?? [];
  return [
    ...own.filter((e) => e.listen === 'prerequest'),
    // The journey's part runs only on a success (a failed answer has no data to pass on).
    {
      listen: 'test',
      script: {
        type: 'text/javascript',
        exec: [...contract, ...(ownTest.length ? ['if (schema) {', ...ownTest.map((l) => `  ${l}`), '}'] : [])],
      },
    },
  ];
}
