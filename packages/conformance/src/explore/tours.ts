import * as c from './commands.js';

/** `n` Persian letters, a space after the first `space` when given (a name of two words). */
const letters = (n: number, space?: number) => {
  const s = Array.from({ length: n }, (_, i) => c.PERSIAN[(i * 7) % c.PERSIAN.length]).join('');
  return space ? `${s.slice(0, space)} ${s.slice(space)}` : s;
};
const plain: c.Input = {
  name: letters(9, 4),
  at: 0.5,
  day: 100,
  male: true,
  externalId: false,
  mobile: '09',
  wrongCodeFirst: false,
};
/** The longest name with no space, and every other part of the profile at an edge of its own. */
const edges: c.Input = {
  ...plain,
  name: letters(50),
  externalId: true,
  mobile: '099',
  day: 59,
  at: 0.9,
  wrongCodeFirst: true,
};
const answers = (pick: number, text: string): c.Answers => ({ fits: true, pick, text });

/**
 * The coverage-first plan: before any drawn sequence, each command once, in order, at the stated
 * domain's edges (the longest names with and without a space, the shortest, mobiles starting
 * `090` and `099`, a leap day, an `external_id`, a wrong code first, options past the first, a
 * result before finishing), then refusals each followed by a valid call. Each tour is a sequence of
 * its own (shrunk as any, by leaving steps out); what the requests leave after them is drawn.
 */
export const TOURS = [
  // Standalone records: a plain authentication first (it shows the body's shape accepted), then the edges.
  [
    new c.TakeRecord(),
    new c.AuthRecord(0, plain, true),
    new c.Submit(0, answers(1, letters(30)), true),
    new c.Result(-1),
    new c.AuthRecord(0, edges, true),
    new c.Result(-2),
  ],
  // A roadmap: listed while ready, every role's profile at the 50-character edge with a space, each record answered.
  [
    new c.List(),
    new c.AuthRoadmap(0, { ...plain, name: letters(49, 24), mobile: '090', male: false, day: 0, at: 0.1 }, true),
    new c.SubmitRoadmap(0, answers(2, letters(2)), true),
    new c.Result(0),
    new c.ReadRoadmap(0),
  ],
  // Refused, then valid: outside the domain, twice, one answer short; each refusal read back before the next call.
  [
    new c.AuthRecord(0, { ...plain, invalid: 'mobile-10' }, true),
    new c.AuthRecord(0, { ...plain, name: letters(2) }, true),
    new c.Submit(0, { ...answers(3, letters(1)), fits: false }, true),
    new c.Submit(0, answers(4, letters(1)), true),
    new c.Submit(0, answers(0, letters(1)), false),
    new c.AuthRoadmap(0, { ...plain, invalid: 'name-51' }, true),
    new c.AuthRoadmap(0, { ...plain, invalid: 'name-latin' }, true),
    new c.AuthRoadmap(0, { ...plain, name: letters(4, 2), wrongCodeFirst: true }, true),
    new c.AuthRoadmap(0, plain, false),
  ],
];
