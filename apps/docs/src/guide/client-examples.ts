import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { code, esc } from './html.js';

export interface ClientExample {
  file: string;
  source: string;
}

/** The typed-client examples (`packages/client/examples/*.ts`), read when the site is built. */
export function readClientExamples(dir: string): ClientExample[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((file) => ({ file, source: readFileSync(join(dir, file), 'utf8') }));
}

export function clientSection(examples: ClientExample[]): string {
  if (!examples.length) {
    return '<p class="missing">The typed-client examples were not available when this site was built.</p>';
  }
  return examples
    .map(({ file, source }) => `<h4><code>${esc(file)}</code></h4>\n${code(source.trimEnd(), 'ts')}`)
    .join('\n');
}
