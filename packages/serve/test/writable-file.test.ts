import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWritableFile } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tas-serve-writable-'));
const file = join(dir, 'existing.db');
writeFileSync(file, '');
mkdirSync(join(dir, 'folder'));

describe('checkWritableFile', () => {
  it.each([
    ['a new file in an existing folder', join(dir, 'new.db')],
    ['an existing file', file],
  ])('accepts %s', (_name, path) => expect(() => checkWritableFile(path, '--db')).not.toThrow());

  it.each([
    [
      'a folder that does not exist',
      join(dir, 'missing', 'x.db'),
      '--db',
      `--db ${dir}/missing/x.db: folder ${dir}/missing does not exist; create it (mkdir -p ${dir}/missing) or choose another path`,
    ],
    [
      'a folder',
      join(dir, 'folder'),
      '--db',
      `--db ${dir}/folder is a folder; give a file path, e.g. ${dir}/folder/sandbox.db`,
    ],
    [
      'a file where the folder should be',
      join(file, 'x.db'),
      'SANDBOX_DB',
      `SANDBOX_DB=${file}/x.db: ${file} is not a folder; choose another path`,
    ],
  ])('refuses %s', (_name, path, source, want) => expect(() => checkWritableFile(path, source)).toThrow(want));
});
