// The project's own Spectral rules fire: a fixture breaks each once, and each is reported.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function lint(file: string): { code: string; message: string }[] {
  try {
    execFileSync('npx', ['spectral', 'lint', '--format', 'json', '--quiet', '--ruleset', '.spectral.yaml', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return [];
  } catch (error) {
    // Spectral exits 1 when it finds problems; its JSON report is on stdout.
    return JSON.parse((error as { stdout: string }).stdout);
  }
}

describe('project Spectral rules', () => {
  const found = lint('test/fixtures/breaks-every-project-rule.yaml');
  it.each([
    ['tas-envelope', 'lacks the envelope'],
    ['tas-response-example', ''],
    ['tas-request-example', ''],
    ['tas-string-bounded', 'no maxLength'],
    ['tas-assumed-reason', 'Assumed:'],
    ['tas-assumed-responses', '418'],
    ['tas-operation-description', ''],
  ])('%s fires on its violation', (code, text) => {
    const hits = found.filter((r) => r.code === code);
    expect(hits.length, `${code} reported`).toBeGreaterThan(0);
    expect(hits.map((h) => h.message).join('\n')).toContain(text);
  });

  it('the real description passes them all', () => {
    expect(lint('dist/openapi.yaml')).toEqual([]);
  });
});
