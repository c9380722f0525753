import { BODY_LIMIT, type JsonObject, limitsOf, MAX_DEPTH, type OpenApiDocument, pointerGet } from '@tas/openapi';
import { SMS } from '@tas/sandbox';
import { inline, table } from './html.js';

interface Limit {
  name: string;
  /** The value, read from the description (or the servers' bounds) when the site is built. */
  value: (doc: OpenApiDocument) => string;
  appliesTo: string;
}

/** The schema at a pointer of the description; the build fails when it is gone. */
function at(doc: OpenApiDocument, pointer: string): JsonObject {
  const node = pointerGet(doc, pointer) as JsonObject | undefined;
  if (!node) throw new Error(`limits: the description has nothing at ${pointer}`);
  return node;
}
const digits = (pattern: unknown) => /\{(\d+)(?:,(\d+))?\}\$$/.exec(String(pattern));
const assumed = ' (assumed)';

const limits: Limit[] = [
  {
    name: 'API rate',
    value: (doc) => {
      const { ratePerMinute, ratePerHour } = limitsOf(doc);
      return `${ratePerMinute} calls a minute and ${ratePerHour.toLocaleString('en')} an hour; past them, 429 with \`Retry-After\``;
    },
    appliesTo: 'all API calls',
  },
  {
    name: '`draft_token` validity',
    value: (doc) => `${limitsOf(doc).draftTokenSeconds / 60} minutes`,
    appliesTo: 'roadmap SMS authentication',
  },
  {
    name: '`mobile`',
    value: (doc) => {
      const n = at(doc, '/components/schemas/Mobile');
      return `${n.minLength} digits, starting with \`09\` (pattern \`${n.pattern}\`)`;
    },
    appliesTo: 'record and roadmap authentication',
  },
  {
    name: 'Mobile duplicate limit',
    value: () =>
      `not stated by the interface; the sandbox allows ${SMS.mobileLimit} completed SMS authentications per mobile and organizer, then answers 400 \`mobile_limit\`${assumed}`,
    appliesTo: 'SMS authentication',
  },
  {
    name: '`roles`',
    value: (doc) => {
      const n = at(doc, '/components/schemas/RoadmapAuthRequest/properties/roles');
      return `${n.minItems} to ${n.maxItems} items`;
    },
    appliesTo: 'roadmap authentication',
  },
  {
    name: '`profile.name`',
    value: (doc) => `at most ${at(doc, '/components/schemas/PersianName').maxLength} characters, Persian letters`,
    appliesTo: 'record and roadmap authentication',
  },
  {
    name: '`profile.external_id`',
    value: (doc) => {
      const n = at(doc, '/components/schemas/ExternalId');
      return `unique per organizer account; an integer from ${n.minimum} to ${n.maximum}`;
    },
    appliesTo: 'record and roadmap authentication',
  },
  {
    name: '`record` answers',
    value: () => 'one per question, in the order of the questions; length and allowed values checked per test',
    appliesTo: 'answer submission',
  },
  {
    name: 'SMS `code`',
    value: (doc) => {
      const [, min, max] = digits(at(doc, '/components/schemas/SmsCode').pattern) ?? [];
      return `${min}${max ? ` to ${max}` : ''} digits${assumed}`;
    },
    appliesTo: 'SMS verification',
  },
  {
    name: 'Request body',
    value: () =>
      `at most ${BODY_LIMIT / 1024 / 1024} MiB (413 past it), nested at most ${MAX_DEPTH} levels deep${assumed}`,
    appliesTo: 'every request with a body',
  },
];

/** The limits table; every value is read from the description (and the servers' bounds) when the site is built. */
export function limitsSection(doc: OpenApiDocument): string {
  const rows = limits.map((limit) => [
    inline(limit.name),
    inline(limit.value(doc)).replace(' (assumed)', ' <small>(assumed)</small>'),
    inline(limit.appliesTo),
  ]);
  return `${table(['Limit', 'Value', 'Applies to'], rows, 'limits')}
<p class="note">Values marked <em>assumed</em> are this description's decisions where the interface states none (see
<a href="assumptions.html">Stated and assumed</a>); another deployment may differ.</p>`;
}
