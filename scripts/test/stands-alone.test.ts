import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone stands on its own (issue 31): no document of it sends a reader outside the repository, and
// the READMEs name the interface document and say where to obtain it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const markdown = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** Relative link targets of a Markdown text ([text](target), <a href>, <img src>), without their #fragment. */
const relativeLinks = (text: string) =>
  [...text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)|(?:href|src)="([^"]+)"/g)]
    .map((m) => (m[1] ?? m[2]).split('#')[0])
    .filter((target) => target && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//'));

describe('the repository stands on its own', () => {
  it.each([
    ['[a](../x.md)', ['../x.md']],
    ['[a](./b.md#c "t") <img src="i.png"> [w](https://x.org/y) [f](#top)', ['./b.md', 'i.png']],
  ])('finds the relative links of %s', (text, want) => {
    expect(relativeLinks(text)).toEqual(want);
  });

  it('no Markdown link points outside the repository', () => {
    const outside = markdown.flatMap((file) =>
      relativeLinks(readFileSync(join(root, file), 'utf8'))
        .filter((target) => relative(root, resolve(root, dirname(file), target)).startsWith('..'))
        .map((target) => `${file}: ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it.each(['README.md', 'openapi/README.md'])('%s names the interface document and where to obtain it', (file) => {
    const read = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\s+/g, ' ');
    expect(read(file)).toContain('*Test Administration Service Interface*');
    expect(read(file)).not.toMatch(/\.\.\/(\.\.\/)*shared\//);
    expect(read('README.md')).toContain("obtain it from the service's operator");
    expect(read('README.md')).toContain('TAS_INTERFACE_MD');
  });
});
