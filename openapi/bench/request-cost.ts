// npm run bench: what checking a request body costs per KiB (parse, normalise, validate), for each
// operation's own example and for bodies built to cost the most (test/costly-bodies.ts) up to the
// byte bound; the ratio is worst to example, per KiB. Not a test; it never fails.
import { createValidator, listOperations, loadDescription } from '../src/index.js';
import { checkBody, costlyBody, FILLERS, sitesOf } from '../test/costly-bodies.js';

const doc = loadDescription();
const validator = createValidator(doc);
const SIZES = [16 * 1024, 1024 * 1024];

/** Milliseconds per KiB of checking `text`, the median of a few rounds of enough checks for 1 MiB. */
function msPerKiB(operation: ReturnType<typeof listOperations>[number], text: string): number {
  const times = Math.max(1, Math.ceil((1024 * 1024) / Buffer.byteLength(text)));
  const rounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const start = performance.now();
    for (let i = 0; i < times; i++) checkBody(validator, operation, text);
    rounds.push((performance.now() - start) / ((times * Buffer.byteLength(text)) / 1024));
  }
  return rounds.sort((a, b) => a - b)[1] as number;
}

console.log('request check cost, ms per KiB (median of 3 rounds)');
for (const operation of listOperations(doc).filter((o) => o.requestBody)) {
  const example = Object.values(operation.requestBody?.examples ?? {})[0];
  const base = msPerKiB(operation, JSON.stringify(example));
  let worst = { cost: 0, what: '' };
  for (const bytes of SIZES)
    for (const site of sitesOf(example))
      for (const filler of FILLERS) {
        const cost = msPerKiB(operation, costlyBody(operation, site, filler, bytes));
        if (cost > worst.cost)
          worst = {
            cost,
            what: `${site.kind} ${site.path.join('/') || '(root)'} ${JSON.stringify(filler).slice(0, 12)} ${bytes / 1024} KiB`,
          };
      }
  console.log(
    `${operation.operationId.padEnd(22)} example ${base.toFixed(4)}  worst ${worst.cost.toFixed(4)} (${worst.what})  ratio ${(worst.cost / base).toFixed(2)}x`,
  );
}
