import type { OpenApiDocument } from '@tas/openapi';
import { type Change, compareDescriptions } from './changes.js';
import { bumpOf } from './semver.js';

export interface GateInput {
  released: { version: string; doc: OpenApiDocument };
  working: OpenApiDocument;
  /** openapi/CHANGELOG.md as committed, and as it would be generated now. */
  changelog: { committed: string; expected: string };
}

export interface GateResult {
  ok: boolean;
  changes: Change[];
  problems: string[];
}

/** The breaking-change gate: every change needs a version bump and a changelog entry; a breaking one needs a major bump. */
export function runGate({ released, working, changelog }: GateInput): GateResult {
  const changes = compareDescriptions(released.doc, working);
  const problems: string[] = [];
  const version = working.info.version;
  const bump = bumpOf(released.version, version);
  if (bump === 'down') problems.push(`info.version ${version} is lower than the latest release ${released.version}`);
  if (changes.length > 0 && bump === 'none') {
    problems.push(
      `${changes.length} change(s) since ${released.version} but info.version is still ${version}: bump it`,
    );
  }
  const breaking = changes.filter((c) => c.kind === 'breaking').length;
  if (breaking > 0 && bump !== 'major') {
    problems.push(
      `${breaking} breaking change(s) need a major version (${released.version} → ${version} is ${bump === 'none' ? 'no' : `a ${bump}`} bump)`,
    );
  }
  if (changelog.committed !== changelog.expected) {
    problems.push('openapi/CHANGELOG.md has no up-to-date entry for these changes: run npm run diff -- --write');
  }
  return { ok: problems.length === 0, changes, problems };
}
