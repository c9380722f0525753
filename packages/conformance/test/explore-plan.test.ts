// `--explore N` as QA meets it in `plan`: how a live run's requests are split, and a bad value.
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { LIVE_CAP } from '../src/selection.js';

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), env: {} });
  return { code, out, err };
}
const split = (out: string) => {
  const [, total, scripted, explored] =
    /^Requests: about (\d+)\n {2}of which (\d+) by the scripted checks, (\d+) exploring/m.exec(out) ?? [];
  return { total: Number(total), scripted: Number(scripted), explored: Number(explored) };
};

describe('plan says how a live run spends its requests between scripted checks and exploration', () => {
  it('by default exploration takes what the scripted checks leave, at most 40, within the cap', async () => {
    const plain = split((await cli(['plan', '--other-api-key', 'o'])).out);
    expect(plain.explored).toBe(40);
    expect(plain.scripted + plain.explored).toBe(plain.total);
    expect(plain.total).toBeLessThan(LIVE_CAP);
    // --slow's scripted checks leave it less; the total stays within the cap.
    const slow = split((await cli(['plan', '--other-api-key', 'o', '--slow'])).out);
    expect(slow.explored).toBeLessThan(40);
    expect(slow.total).toBeLessThan(LIVE_CAP);
  });

  it('--explore N gives exploration N; past 40 the run may send as many more', async () => {
    const more = split((await cli(['plan', '--other-api-key', 'o', '--explore', '200'])).out);
    expect(more.explored).toBe(200);
    expect(more.total).toBeGreaterThan(LIVE_CAP - 40);
    const none = await cli(['plan', '--other-api-key', 'o', '--explore', '0']);
    expect(split(none.out).explored).toBe(0);
  });

  it('a value that is no whole number is refused by name', async () => {
    const { code, err } = await cli(['plan', '--explore', 'many']);
    expect(code).toBe(2);
    expect(err).toMatch(/--explore many: want a whole number from 0/);
  });
});
