import { describe, expect, it } from 'vitest';
import { parsePort, portOption } from '../src/index.js';

const refusal = (given: string) => `${given} is not a port; give a whole number from 0 to 65535 (0 picks a free one)`;

describe('parsePort', () => {
  it.each([
    [undefined, '--port', 4010],
    ['', 'MOCK_PORT', 4010],
    ['0', '--port', 0],
    ['4011', '--port', 4011],
    ['65535', 'MOCK_PORT', 65535],
  ])('%j from %s is %d', (raw, source, want) => expect(parsePort(raw, source, 4010)).toBe(want));

  it.each([
    ['99999', '--port', refusal('--port 99999')],
    ['-1', '--port', refusal('--port -1')],
    ['4010.5', '--port', refusal('--port 4010.5')],
    ['abc', 'SANDBOX_PORT', refusal('SANDBOX_PORT=abc')],
    ['0x10', 'DOCS_PORT', refusal('DOCS_PORT=0x10')],
  ])('%j from %s is refused', (raw, source, want) => expect(() => parsePort(raw, source, 4010)).toThrow(want));
});

describe('portOption', () => {
  it.each([
    ['--port wins over the variable', '5000', { MOCK_PORT: '6000' }, 5000],
    ['the variable without --port', undefined, { MOCK_PORT: '6000' }, 6000],
    ['an empty variable is the fallback', undefined, { MOCK_PORT: '' }, 4010],
    ['neither is the fallback', undefined, {}, 4010],
  ])('%s', (_name, flag, env, want) => expect(portOption(flag, 'MOCK_PORT', env, 4010)).toBe(want));

  it.each([
    ['99999', {}, refusal('--port 99999')],
    [undefined, { MOCK_PORT: 'abc' }, refusal('MOCK_PORT=abc')],
  ])('%j with %j is refused', (flag, env, want) =>
    expect(() => portOption(flag, 'MOCK_PORT', env, 4010)).toThrow(want),
  );
});
