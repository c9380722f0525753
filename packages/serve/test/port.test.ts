import { describe, expect, it } from 'vitest';
import { parsePort } from '../src/index.js';

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
