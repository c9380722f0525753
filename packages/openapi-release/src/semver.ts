/** A release version: `MAJOR.MINOR.PATCH` (no pre-release tags: a contract release is final). */
export interface Version {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(text: string): Version {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a release version (MAJOR.MINOR.PATCH, e.g. 2.1.0)`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

/** How `to` moved from `from`: the largest part that went up, or none. */
export function bumpOf(from: string, to: string): 'major' | 'minor' | 'patch' | 'none' | 'down' {
  const c = compareVersions(to, from);
  if (c === 0) return 'none';
  if (c < 0) return 'down';
  const x = parseVersion(from);
  const y = parseVersion(to);
  if (y.major > x.major) return 'major';
  if (y.minor > x.minor) return 'minor';
  return 'patch';
}
