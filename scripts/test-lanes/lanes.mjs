// Which package's tests run when: a queue, longest first, taken by a fixed number of lanes. turbo
// starts each task as it becomes ready, and apps/docs (the longest) became ready last, behind every
// build, so CI ended with it running alone for minutes.

/**
 * The packages whose tests took longest in CI, longest first; any other follows in its own order. The
 * middle ones are listed too, so that no 40-60 s package starts after the few-second ones and ends alone.
 */
export const LONGEST_FIRST = [
  'packages/conformance',
  'apps/docs',
  'scripts',
  'apps/sandbox',
  'packages/serve',
  'packages/client',
  'apps/mock',
  'apps/generators',
];

/** The tested folders in the order their runs start. */
export function queue(dirs, longestFirst = LONGEST_FIRST) {
  const rank = (dir) => {
    const at = longestFirst.indexOf(dir);
    return at < 0 ? longestFirst.length : at;
  };
  return dirs
    .map((dir, at) => ({ dir, at }))
    .sort((a, b) => rank(a.dir) - rank(b.dir) || a.at - b.at)
    .map((d) => d.dir);
}

/**
 * Runs `run(dir)` for every folder of `dirs`, at most `lanes` at once, each lane taking the next from
 * the front. Every folder runs whatever another's result (as turbo's --continue). Resolves to the
 * folders whose run failed.
 * @param {string[]} dirs @param {number} lanes @param {(dir: string) => Promise<boolean>} run true when it passed
 */
export async function runLanes(dirs, lanes, run) {
  const waiting = [...dirs];
  const failed = [];
  const lane = async () => {
    for (let dir = waiting.shift(); dir !== undefined; dir = waiting.shift()) {
      if (!(await run(dir).catch(() => false))) failed.push(dir);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return failed;
}

/**
 * What each folder's tests spent, in the order they ended, as `.ci/run` prints it at its end.
 * @param {Map<string, string>} spent folder -> "N s" (", failed" after a failure) @param {number} seconds @param {number} lanes
 */
export function spentLines(spent, seconds, lanes) {
  return [
    `Tests per folder (every package's tests ran in ${seconds} s on ${lanes} lanes):`,
    ...[...spent].map(([dir, took]) => `  ${dir.padEnd(26)} ${took}`),
  ];
}
