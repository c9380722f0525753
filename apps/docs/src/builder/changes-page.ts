import { type Change, type ChangelogEntry, type PartnerChange, partnerChanges } from '@tas/openapi-release';
import { esc } from '../guide/html.js';
import { page } from '../guide/layout.js';
import { stateWord } from './release-dates.js';

const SECTIONS: [Change['kind'], string, string][] = [
  ['breaking', 'Breaking changes', 'A partner may need to change their code.'],
  ['non-breaking', 'Non-breaking changes', 'Nothing a partner built stops working.'],
  [
    'annotation',
    'Documentation',
    'Descriptions, examples, and schemas written differently with the same JSON on the wire.',
  ],
];

/**
 * changes.html: every release, newest first, with its changes in sentences a partner reads
 * (partnerChanges: "Record: new field test_description"), each with the operations it shows in,
 * linked to the reference of the version where they can be seen: the release itself, or the one
 * before for something removed.
 */
export function changesPage(input: {
  entries: ChangelogEntry[];
  siteTitle: string;
  version: string;
  control: boolean;
  /** The folder of a version's site, relative to the root ('' for the latest). */
  dirOf: (version: string) => string;
  /** The day each release was recorded (release-dates.ts). */
  dates?: Record<string, string>;
}): string {
  const { entries, dirOf } = input;
  const ordered = [...entries].reverse();
  const body = [
    '<h1>Changes</h1>',
    '<p>Every release of the contract, newest first, with what changed since the one before. ' +
      'Changes marked <em>assumed</em> touch something the description marks as its own decision rather than the ' +
      "interface's promise. Generated from the differences between the released descriptions.</p>",
    // What each kind of change means, said once here rather than under every release.
    `<dl class="change-kinds">${SECTIONS.map(([, title, meaning]) => `<dt>${title}</dt><dd>${meaning}</dd>`).join('')}</dl>`,
    ...ordered.map((entry, i) => {
      const previous = ordered[i + 1]?.version;
      // The switcher's word for the same version (release-dates.ts), and the day it was released.
      const word = stateWord({ latest: entry.version === input.version, unreleased: Boolean(entry.unreleased) });
      const date = input.dates?.[entry.version];
      const when = date
        ? `, <span class="release-date">released <time datetime="${esc(date)}">${esc(date)}</time></span>`
        : '';
      const head = `<h2 id="v${esc(entry.version.replaceAll('.', '-'))}">${esc(entry.version)}${word ? ` (${word})` : ''}${entry.unreleased ? '' : when}</h2>`;
      if (!entry.changes) return `${head}\n<p>First release of the contract.</p>`;
      if (entry.changes.length === 0) return `${head}\n<p>No change to the contract.</p>`;
      return [
        head,
        ...(entry.note ? [`<p class="release-note">${inlineCode(entry.note)}</p>`] : []),
        ...SECTIONS.flatMap(([kind, title]) => {
          const of = partnerChanges(entry.changes ?? []).filter((c) => c.kind === kind);
          if (!of.length) return [];
          const items = of.map(
            (c) =>
              `<li>${esc(c.text)}${c.assumed ? ' <em>(assumed)</em>' : ''}${links(c, entry.version, previous, dirOf)}</li>`,
          );
          return [`<h3>${title}</h3>`, `<ul class="changes-${kind}">${items.join('')}</ul>`];
        }),
      ].join('\n');
    }),
  ].join('\n');
  return page({ title: 'Changes', siteTitle: input.siteTitle, version: input.version, body, control: input.control });
}

/** A release note's text, with its `code` spans as code. */
function inlineCode(text: string): string {
  return esc(text.trim()).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function links(c: PartnerChange, version: string, previous: string | undefined, dirOf: (v: string) => string): string {
  const ops = c.operations.filter((o) => o.operationId);
  if (!ops.length) return '';
  // Something removed is seen in the release before; everything else in this one.
  const removed = c.action === 'remove' && previous;
  const where = removed ? previous : version;
  const anchors = ops.map(
    (o: NonNullable<Change['operation']>) =>
      `<a href="${dirOf(where)}reference.html#operation/${encodeURIComponent(o.operationId ?? '')}">${esc(o.method)} ${esc(o.path)}</a>`,
  );
  return `. In ${anchors.join(', ')} (the ${esc(where)} reference)`;
}
