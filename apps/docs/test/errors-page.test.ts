import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMock } from '@tas/mock';
import { MOCK_REFUSALS } from '@tas/mock/refusals';
import { loadDescription } from '@tas/openapi';
import { REFUSALS } from '@tas/sandbox/errors';
import { GUARD_REFUSALS } from '@tas/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withErrorLinks } from '../src/builder/error-links.js';
import { documentedCodes, errorsPage, FIXES, serverCodes } from '../src/guide/errors.js';

// errors.html from the outside: every code a partner can meet, from the description and from the
// servers' catalogues, with a cause and a fix; its curl runs against the mock as shown.
const doc = loadDescription();
const html = errorsPage({ doc, control: true });

/** Every code the servers' catalogues list: the sandbox's refusals, every server's, the mock's own. */
const catalogued = [
  ...new Set([
    ...Object.values(REFUSALS).map((r) => r.code),
    ...GUARD_REFUSALS.map((r) => r.code),
    ...MOCK_REFUSALS.map((r) => r.code),
  ]),
].sort();

describe('errors.html', () => {
  it.each(documentedCodes(doc).map((e) => [e.code, e]))(
    'lists %s, documented by the description, with its status',
    (_c, e) => {
      expect(html).toContain(`<code id="${e.code}">${e.code}</code>`);
      for (const status of e.statuses)
        expect(html).toMatch(new RegExp(`id="${e.code}">[\\s\\S]*?<td[^>]*>[^<]*\\b${status}\\b`));
    },
  );

  it('lists every code of the servers’ catalogues, each with a fix', () => {
    const codes = catalogued;
    expect(codes.length).toBeGreaterThan(20);
    const missing = codes.filter((c) => !html.includes(`<code id="${c}">`));
    expect(missing, 'codes the servers answer that errors.html does not list').toEqual([]);
    const listed = [...documentedCodes(doc), ...serverCodes(doc)].map((e) => e.code);
    expect(
      listed.filter((c) => !FIXES[c]),
      'codes without a fix',
    ).toEqual([]);
  });

  it('every error response of the rendered reference links to its codes on the page', () => {
    const linked = JSON.stringify(withErrorLinks(doc));
    for (const e of documentedCodes(doc)) expect(linked).toContain(`(errors.html#${e.code})`);
  });
});

describe("the page's curl, against the mock", () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
  });
  afterAll(() => mock.close());

  it('answers the error it asks for with Prefer', async () => {
    const block =
      /<pre><code class="language-sh">((?:<span class="line">)?curl[\s\S]*?)<\/code><\/pre>/.exec(html)?.[1] ?? '';
    const command = block
      .replace(/<\/?(bdi|span)[^>]*>/g, '')
      .replaceAll('&#39;', "'")
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replace('http://localhost:4010', mock.url.replace(/\/$/, ''));
    expect(command).toContain('Prefer: code=409, example=ErrorRoadmapRecord');
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -s`]);
    expect(JSON.parse(stdout).messages[0].code).toBe('roadmap_record');
  });
});
