import { listOperations, type OpenApiDocument, type Operation } from '@tas/openapi';
import { atAddresses, LOCAL, type Servers } from '../addresses.js';
import { code, esc, inline } from '../html.js';
import { parseJsonStream } from './answer.js';
import type { MockHint, WalkStep, Walkthrough } from './types.js';

/** The answer laid out as the command prints it: jq's two-space indent, or one value a line for `jq -c` and `echo`. */
export function printedAnswer(step: WalkStep): string {
  const compact = /\bjq -c\b|^echo /m.test(step.command);
  return parseJsonStream(step.answer ?? '')
    .map((value) => (compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)))
    .join('\n');
}

/** Whether the mock needs `Prefer` for this example: without it, it answers the first example of the first 2xx response. */
export function mockNeedsPrefer(operation: Operation, example: string): boolean {
  const ok = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
  return (ok ? Object.keys(ok[1].examples)[0] : undefined) !== example;
}

function mockLine(hint: MockHint, operations: Operation[]): string {
  const operation = operations.find((o) => o.operationId === hint.operationId);
  if (!operation) throw new Error(`walkthrough: no operation ${hint.operationId}`);
  const documented = Object.values(operation.responses).some((r) => hint.example in r.examples);
  if (!documented) throw new Error(`walkthrough: ${hint.operationId} has no example ${hint.example}`);
  if (!mockNeedsPrefer(operation, hint.example))
    return `<p class="mock">The mock answers this call with its example <code>${esc(hint.example)}</code> as it is.</p>`;
  return `<p class="mock">The mock answers this call with another example unless asked: add
<code>-H "Prefer: example=${esc(hint.example)}"</code> to get <code>${esc(hint.example)}</code>.</p>`;
}

function stepHtml(step: WalkStep, id: string, operations: Operation[]): string {
  const refs = (step.operations ?? []).map((operationId) => {
    if (!operations.some((o) => o.operationId === operationId))
      throw new Error(`walkthrough: no operation ${operationId}`);
    return `<a href="reference.html#operation/${esc(operationId)}">${esc(operationId)}</a>`;
  });
  return `<li id="${esc(id)}">
<h4>${inline(step.title)}</h4>
<p>${inline(step.text)}${refs.length ? ` <span class="refs">Reference: ${refs.join(', ')}.</span>` : ''}</p>
${code(step.command, 'sh')}
${step.answer === undefined ? '' : `<p class="label">Prints:</p>\n${code(printedAnswer(step), 'json').replace('<pre>', '<pre class="answer">')}`}
${step.mock ? mockLine(step.mock, operations) : ''}
${step.note ? `<p class="note">${inline(step.note)}</p>` : ''}
</li>`;
}

/** One journey of the walkthrough as HTML; every command and answer comes from `journeys.ts`. */
export function walkthroughSection(doc: OpenApiDocument, journey: Walkthrough, addresses: Servers = LOCAL): string {
  const operations = listOperations(doc);
  const steps = journey.steps.map((step, i) =>
    stepHtml({ ...step, command: atAddresses(step.command, addresses) }, `${journey.id}-${i + 1}`, operations),
  );
  const former = (journey.formerIds ?? []).map((id) => `<span id="${esc(id)}"></span>`).join('');
  return `<section>${former}
<h3 id="${esc(journey.id)}">${inline(journey.title)}</h3>
<p>${inline(journey.intro)}</p>
<ol class="steps">
${steps.join('\n')}
</ol>
</section>`;
}
