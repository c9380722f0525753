import type { Check } from './check.js';
import { shortage } from './fixtures-file/fixtures.js';
import type { RunOptions } from './options.js';
import { RunError } from './select.js';
import type { NeedCounts, Target } from './types.js';

/** Why a check does not run on this target with these options; undefined when it runs. */
export function skipReason(
  check: Check,
  target: Target,
  options: Pick<RunOptions, 'otherApiKey' | 'slow' | 'fixtures'>,
): string | undefined {
  if (target === 'mock' && (check.kind === 'journey' || check.needs || check.otherKey))
    return 'the mock keeps no state and accepts any key: it gets the contract checks only';
  if (target === 'live' && check.notOnLive) return check.notOnLive;
  if (target === 'live' && check.slowOnLive && !options.slow)
    return `opt-in on a live target (--slow): ${check.slowOnLive}`;
  if (check.otherKey && !options.otherApiKey) return "needs --other-api-key (a second organizer's key)";
  if (check.needs?.html && options.fixtures && !options.fixtures.records?.html?.length)
    return 'needs records.html in the fixtures file: a ready record of a test with an HTML questionnaire';
  return undefined;
}

/** Refuses a run that could not be made: stateful checks with neither fixtures nor provisioning, or too few fixtures. */
export function preflight(runnable: Check[], options: RunOptions, needs: NeedCounts): void {
  const total = needs.ready + needs.vipWait + needs.roadmaps + (needs.html ?? 0);
  if (total === 0 || options.provision === 'sandbox') return;
  if (!options.fixtures) {
    const ids = runnable.filter((c) => c.needs || c.shares?.length).map((c) => c.id);
    throw new RunError(
      `missing fixtures: ${ids.join(', ')} need fresh records and roadmaps; pass --fixtures FILE (see plan), ` +
        '--provision sandbox, or --skip them',
    );
  }
  const lacking = shortage(options.fixtures, needs);
  if (lacking.length) throw new RunError(`not enough fixtures: ${lacking.join('; ')}`);
}
