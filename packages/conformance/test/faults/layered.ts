import { listAssumptions, loadDescription } from '@tas/openapi';
import { describeBreach } from '../../src/claims/index.js';
import { registry } from '../../src/registry.js';
import { faultOf } from '../claims/breach.js';
import { FAULTS, MAIN_KEY, OTHER_KEY } from './faults.js';
import type { Fault } from './proxy.js';

/** A breach to lay under a variant: made fresh per run, with the checks that must catch it. */
export interface Layered {
  name: string;
  fault: () => Fault;
  only: string[];
  /** Rules one of which must name a stated finding. */
  judges: string[];
  /** The breach is of the instant organizer's answers: the run's main key is the instant one. */
  instant?: boolean;
}

const doc = loadDescription();
const { claims } = registry(doc, listAssumptions(doc));

/**
 * A generated breach by its name in the harness (`claim id: family op …`), or a bespoke fault by
 * its name (test/faults/faults.ts).
 */
export function layered(name: string): Layered {
  const bespoke = FAULTS.find(([n]) => n === name);
  if (bespoke) {
    const [, fault, rule, , only] = bespoke;
    return { name, fault: () => fault, only, judges: [rule] };
  }
  for (const claim of claims)
    for (const breach of claim.breaches)
      if (`${claim.id}: ${describeBreach(breach)}` === name) {
        const instant = breach.mode === 'instant';
        const keys = instant
          ? { main: OTHER_KEY, other: MAIN_KEY, sms: false }
          : { main: MAIN_KEY, other: OTHER_KEY, sms: true };
        const only = [...new Set([...claim.checks.filter((id) => !id.startsWith('response.')), ...(breach.via ?? [])])];
        return { name, fault: () => faultOf(doc, breach, keys).fault, only, judges: claim.checks, instant };
      }
  throw new Error(`no breach or bespoke fault is named ${name}`);
}
