import { atAddresses, type Servers } from './addresses.js';
import { code, esc } from './html.js';

/** One journey's program in one language (src/samples/journey-programs.ts). */
export interface JourneyCode {
  workflowId: string;
  summary: string;
  language: 'Python' | 'PHP';
  source: string;
}

/**
 * The journeys as programs in Python and PHP, each folded until opened: written from the Arazzo
 * workflows and run whole against a sandbox by test/journey-programs.test.ts.
 */
export function journeysInCode(programs: JourneyCode[], addresses: Servers): string {
  if (!programs.length) return '';
  const ids = [...new Set(programs.map((p) => p.workflowId))];
  const each = ids.map((id) => {
    const mine = programs.filter((p) => p.workflowId === id);
    const folds = mine.map(
      (p) =>
        `<details class="journey-code"><summary>${esc(p.language)}</summary>\n${code(p.source, p.language.toLowerCase())}\n</details>`,
    );
    return `<h4 id="code-${esc(id)}">${esc(mine[0]?.summary ?? id)}</h4>\n${folds.join('\n')}`;
  });
  return `<h3 id="journeys-in-code">The journeys in Python and PHP</h3>
<p>Each journey of the <a href="arazzo/journeys.arazzo.yaml">Arazzo workflows</a> as one program that walks it on
the sandbox and checks each answer as the workflow does. Python needs <code>requests</code>, PHP its <code>curl</code>
extension. Run one with the sandbox's address and the key its first line names, e.g.
<code>BASE_URL=${esc(atAddresses('http://localhost:4020', addresses))} API_KEY=sandbox-key-instant python3 journey.py</code>.</p>
${each.join('\n')}`;
}
