import { listOperations, type OpenApiDocument, resolveRef } from '@tas/openapi';
import { curl } from './curl.js';
import { code, esc, inline } from './html.js';
import type { Journey, Step } from './journeys.js';

type Tokens = Record<NonNullable<Step['token']>, string>;

/** Tokens of the steps, taken from the description: the parameters' examples and a roadmap record. */
export function tokensOf(doc: OpenApiDocument): Tokens {
  const param = (name: string) =>
    String(resolveRef<{ example?: string }>(doc, { $ref: `#/components/parameters/${name}` }).example);
  const roadmap = exampleValue(doc, 'RoadmapReady') as { data: { test_records: { token: string }[] } };
  return {
    record: param('RecordToken'),
    roadmap: param('RoadmapToken'),
    roadmapRecord: roadmap.data.test_records[0]?.token ?? param('RecordToken'),
  };
}

export function exampleValue(doc: OpenApiDocument, name: string): unknown {
  const example = resolveRef<{ value?: unknown }>(doc, { $ref: `#/components/examples/${name}` });
  if (example?.value === undefined) throw new Error(`the description has no named example ${name}`);
  return example.value;
}

/**
 * One journey as HTML: each step's curl command and its answer, both from the description's named
 * examples. A step naming an example its operation does not document fails the build.
 */
export function journeySection(doc: OpenApiDocument, journey: Journey, tokens: Tokens): string {
  const operations = listOperations(doc);
  const steps = journey.steps.map((step) => {
    const operation = operations.find((o) => o.operationId === step.operationId);
    if (!operation) throw new Error(`journey ${journey.id}: no operation ${step.operationId}`);
    const documented = Object.values(operation.responses).some((r) => step.response in r.examples);
    if (!documented) throw new Error(`journey ${journey.id}: ${step.operationId} does not answer ${step.response}`);
    if (step.request && !(step.request in (operation.requestBody?.examples ?? {}))) {
      throw new Error(`journey ${journey.id}: ${step.operationId} takes no request example ${step.request}`);
    }
    const body = step.request ? exampleValue(doc, step.request) : undefined;
    const command = curl({ operation, params: { token: tokens[step.token ?? 'record'] }, query: step.query, body });
    const answer = JSON.stringify(exampleValue(doc, step.response), null, 2);
    return `<li>
<h4><code>${esc(operation.method.toUpperCase())} /api/v2${esc(operation.path)}</code> ${esc(operation.summary)}</h4>
<p>${inline(step.text)} <a href="reference.html#operation/${esc(operation.operationId)}">Reference</a></p>
${code(command, 'sh')}
<details><summary>Answer: <code>${esc(step.response)}</code></summary>${code(answer, 'json')}</details>
</li>`;
  });
  return `<section id="${esc(journey.id)}"><h3>${esc(journey.title)}</h3><p>${inline(journey.intro)}</p><ol>${steps.join('\n')}</ol></section>`;
}
