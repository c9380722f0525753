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
/** Words a tarball's CHANGELOG or README must not carry: commits, the repository's own files and commands. */
const PACKAGE_WORDS: [RegExp, string][] = [
  [/^- [0-9a-f]{7,40}: /m, 'a commit'],
  [
    /openapi\/CHANGELOG\.md|\.changeset\/|\bscripts\/|(?<![\w/.-])(src|test)\/[\w./<>-]*/,
    "the repository's files (its sources and tests)",
  ],
  [/\bnpm test\b|\bnpm run [\w:-]+ -w\b|\bturbo\b/, "the repository's workspace commands"],
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

  // Every tarball Downloads hands out: the client, the suite, the sandbox and the mock.
  const tarballs = readdirSync(site).filter((f) => /^tas-[\w-]+-\d[\w.-]*\.tgz$/.test(f));
  it('Downloads hands out the client, the conformance suite, the sandbox and the mock', () => {
    expect(tarballs.map((f) => f.replace(/-\d.*$/, '')).sort()).toEqual([
      'tas-client',
      'tas-conformance',
      'tas-mock',
      'tas-sandbox',
    ]);
  });
  it.each(tarballs)(
    '%s: its README, REFERENCE and CHANGELOG speak to partners, name no commit or file of the repository, and no missing folder',
    (file) => {
      const listing = execFileSync('tar', ['-tzf', join(site, file)], { encoding: 'utf8' });
      // A maintainer's marker in an HTML comment (a generated table's "do not edit") is not read on a rendered page.
      const read = (path: string) =>
        execFileSync('tar', ['-xzf', join(site, file), '-O', path], { encoding: 'utf8' }).replace(
          /<!--[\s\S]*?-->/g,
          '',
        );
      expect(listing).toContain('package/README.md');
      for (const doc of ['package/README.md', 'package/REFERENCE.md', 'package/CHANGELOG.md'].filter((p) =>
        listing.includes(p),
      ))
        expect(found(read(doc), PACKAGE_WORDS), doc).toEqual([]);
      // A folder the README sends the reader to ("in `examples/`") is in the package.
      for (const [, folder] of read('package/README.md').matchAll(/\bin `([\w.-]+\/)`/g))
        expect(listing, `README points at ${folder}`).toContain(`package/${folder}`);
    },
  );
});
