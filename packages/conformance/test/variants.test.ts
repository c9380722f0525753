import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { CONFORMANT } from './variants/conformant.js';
import { limiter, withStack } from './variants/stack.js';

const KEYS = [
  [MAIN_KEY, OTHER_KEY],
  [OTHER_KEY, MAIN_KEY],
] as const;
const cases = CONFORMANT.flatMap(([name, layers]) => KEYS.map(([key, other]) => [name, key, other, layers] as const));
const slot = limiter(3);

describe('a deployment that differs from the sandbox only where the interface allows conforms', () => {
  it.concurrent.each(cases)('%s, with %s', async (_name, key, other, layers) => {
    const { code, out } = await slot(() =>
      withStack(layers, async (url) => {
        let out = '';
        const args = ['run', '--base-url', url, '--provision', 'sandbox', '--no-pacing'];
        const env = { TAS_API_KEY: key, TAS_OTHER_API_KEY: other };
        const code = await main(args, { out: (t) => (out += t), err: (t) => (out += t), env });
        return { code, out };
      }),
    );
    const failed = out.split('\n').filter((line) => /^(FAIL|WARN) /.test(line) || /^\s+(stated|assumed) /.test(line));
    expect(failed, 'checks that judged a conformant deployment wrongly').toEqual([]);
    expect(code).toBe(0);
  });
});
