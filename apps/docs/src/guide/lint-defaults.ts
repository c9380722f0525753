import { code, table } from './html.js';

/**
 * What `redocly lint` and `spectral lint` report on the published files with their default rulesets
 * (Redocly's `recommended`, Spectral's `spectral:oas`), each explained. test/lint-defaults.test.ts
 * runs both linters and fails when they find anything else, or no longer find one of these.
 */
export const DEFAULT_FINDINGS: {
  linter: 'redocly' | 'spectral';
  rule: string;
  files: ('3.1' | '3.0')[];
  count: number;
  why: string;
}[] = [
  {
    linter: 'redocly',
    rule: 'no-path-trailing-slash',
    files: ['3.1', '3.0'],
    count: 9,
    why: 'Every path of the service ends with a slash (<code>/record/{token}/</code>): those are its real paths, and the same path without the slash is another one (404).',
  },
  {
    linter: 'spectral',
    rule: 'path-keys-no-trailing-slash',
    files: ['3.1', '3.0'],
    count: 9,
    why: 'The same trailing slashes, as Spectral names them.',
  },
  {
    linter: 'redocly',
    rule: 'no-unused-components',
    files: ['3.1', '3.0'],
    count: 1,
    why: '<code>Envelope</code>, the generic <code>{data, successful, messages}</code> every answer has, is declared for tools that check any answer; since 2.0.2 each operation answers its own typed envelope (<code>RecordDetailEnvelope</code>, …), so none refers to it.',
  },
  {
    linter: 'spectral',
    rule: 'oas3-unused-component',
    files: ['3.1', '3.0'],
    count: 1,
    why: 'The same <code>Envelope</code>, as Spectral names it.',
  },
  {
    linter: 'redocly',
    rule: 'info-license-strict',
    files: ['3.0'],
    count: 1,
    why: 'The licence is named by an SPDX <code>identifier</code>, which OpenAPI 3.0 has no field for: the 3.0 files keep its name only.',
  },
];

/** The configuration a partner adds to accept the service's real paths: copied from the page as it is. */
export const PARTNER_REDOCLY = `extends:
  - recommended
rules:
  no-path-trailing-slash: off   # the service's paths end with a slash
  info-license-strict: off      # 3.0 only: the licence is an SPDX identifier
  no-unused-components: off     # Envelope: the generic envelope, for tools that check any answer`;

export const PARTNER_SPECTRAL = `extends: ["spectral:oas"]
rules:
  path-keys-no-trailing-slash: off   # the service's paths end with a slash
  oas3-unused-component: off         # Envelope: the generic envelope, for tools that check any answer`;

/** The Downloads section: what the default linters say, why, and the configuration that accepts it. */
export function lintDefaultsSection(): string {
  const rows = DEFAULT_FINDINGS.map((f) => [
    f.linter === 'redocly' ? '<code>redocly lint</code>' : '<code>spectral lint</code>',
    `<code>${f.rule}</code>`,
    f.files.join(', '),
    String(f.count),
    f.why,
  ]);
  return `<h3 id="lint">Linting with your defaults</h3>
<p>Run with their default rulesets (<code>redocly lint</code> with <code>recommended</code>, <code>spectral lint</code> with
<code>spectral:oas</code>), both linters find only these in the published files: everything else passes. Both are run
on these files before the site is published, and anything else they find stops it.</p>
${table(['Linter', 'Rule', 'Files', 'Findings', 'Why'], rows)}
<p>To accept them in your CI, put this <code>redocly.yaml</code> beside the file you lint:</p>
${code(PARTNER_REDOCLY, 'yaml')}
<p>and this <code>.spectral.yaml</code>:</p>
${code(PARTNER_SPECTRAL, 'yaml')}
<p>With them, both linters pass on both files.</p>`;
}
