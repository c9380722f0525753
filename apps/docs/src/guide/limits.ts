import { type JsonObject, type OpenApiDocument, pointerGet } from '@tas/openapi';
import { esc, inline, table } from './html.js';

interface Limit {
  name: string;
  /** JSON pointer of the schema or response that states it. */
  pointer: string;
  value: (node: JsonObject) => string;
}

const words = (node: JsonObject) =>
  String(node.description ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const firstSentence = (node: JsonObject) => words(node).split(/(?<=\.)\s/)[0] ?? '';

const limits: Limit[] = [
  { name: 'API rate (all calls)', pointer: '/components/responses/TooManyRequests', value: firstSentence },
  { name: '`draft_token` validity', pointer: '/components/schemas/DraftToken', value: firstSentence },
  { name: '`mobile`', pointer: '/components/schemas/Mobile', value: (n) => `${words(n)} Pattern \`${n.pattern}\`.` },
  {
    name: '`roles` (roadmap auth)',
    pointer: '/components/schemas/RoadmapAuthRequest/properties/roles',
    value: (n) => `${n.minItems} to ${n.maxItems} items.`,
  },
  {
    name: '`profile.name`',
    pointer: '/components/schemas/PersianName',
    value: (n) => `At most ${n.maxLength} characters. ${firstSentence(n)}`,
  },
  { name: '`profile.external_id`', pointer: '/components/schemas/ExternalId', value: firstSentence },
  { name: '`record` answers', pointer: '/components/schemas/SubmitAnswersRequest', value: words },
  { name: 'SMS `code`', pointer: '/components/schemas/SmsCode', value: words },
];

/** The limits table; every value is read from the description when the site is built. */
export function limitsSection(doc: OpenApiDocument): string {
  const rows = limits.map((limit) => {
    const node = pointerGet(doc, limit.pointer) as JsonObject | undefined;
    if (!node) throw new Error(`limits: the description has nothing at ${limit.pointer}`);
    return [inline(limit.name), inline(limit.value(node)), `<code class="pointer">${esc(limit.pointer)}</code>`];
  });
  return table(['Limit', 'Value', 'Stated at'], rows);
}
