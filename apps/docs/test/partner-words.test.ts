import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { textOf } from './page-text.js';

// What a partner reads on the built site and in the tarballs it hands out: words for them, not for
// this repository's engineers (its commands, its tests, its tools' failures, "we", commits, files).
const site = fileURLToPath(new URL('../dist', import.meta.url));
const PAGES = ['index.html', 'downloads.html', 'errors.html', 'assumptions.html', 'client.html', 'changes.html'];
const REDOC_PAGES = ['reference.html', 'sandbox-control.html'];

const WORDS: [RegExp, string][] = [
  [/\bnpm run (release|build|test|docs|sandbox|mock)\b/, "this repository's commands"],
  [/\b(a )?tests? of this (repository|site)\b/i, "this repository's tests"],
  [/\bthis repository\b|\bin a clone\b/i, 'the repository'],
  [/\bPrism could not\b/, "the mock's engine by name"],
  [/\b[Ww]e (answer|keep|follow|chose|decided)\b|\bour (design|decision)\b/, 'a voice from behind the page'],
];
/** Words a tarball's CHANGELOG or README must not carry: commits, and the repository's own files. */
const PACKAGE_WORDS: [RegExp, string][] = [
  [/^- [0-9a-f]{7,40}: /m, 'a commit'],
  [/openapi\/CHANGELOG\.md|\.changeset\/|\bscripts\/|\bsrc\/generated\b/, "the repository's files"],
  ...WORDS,
];

const found = (text: string, words: [RegExp, string][]) =>
  words.flatMap(([re, what]) => {
    const m = re.exec(text);
    return m ? [`${what}: "…${text.slice(Math.max(0, m.index - 60), m.index + 60)}…"`] : [];
  });

/** What Redoc shows: its server-rendered markup and the description's texts in the page's data. */
const redocText = (html: string) => html.replace(/\\n/g, ' ');

describe('words for partners', () => {
  it.each(PAGES)('%s speaks to partners, not of this repository', (file) => {
    const text = textOf(readFileSync(join(site, file), 'utf8').replace(/<(script|style)[\s\S]*?<\/\1>/g, ''));
    expect(found(text, WORDS)).toEqual([]);
  });

  it.each(REDOC_PAGES)('%s: the description, as the reference shows it, too', (file) => {
    expect(found(redocText(readFileSync(join(site, file), 'utf8')), WORDS)).toEqual([]);
  });

  const tarballs = readdirSync(site).filter((f) => /^tas-(client|conformance)-.*\.tgz$/.test(f));
  it.each(tarballs)(
    '%s: its CHANGELOG names no commit or file of the repository; its README no missing folder',
    (file) => {
      const read = (path: string) => execFileSync('tar', ['-xzf', join(site, file), '-O', path], { encoding: 'utf8' });
      const listing = execFileSync('tar', ['-tzf', join(site, file)], { encoding: 'utf8' });
      expect(found(read('package/CHANGELOG.md'), PACKAGE_WORDS)).toEqual([]);
      // A folder the README sends the reader to ("in `examples/`") is in the package.
      for (const [, folder] of read('package/README.md').matchAll(/\bin `([\w.-]+\/)`/g))
        expect(listing, `README points at ${folder}`).toContain(`package/${folder}`);
      if (file.startsWith('tas-client-')) expect(found(read('package/README.md'), PACKAGE_WORDS)).toEqual([]);
    },
  );
});
