/**
 * A title with each described path swapped for the one in effect: the whole path only, never the
 * start of another (the listing's `/record/` in `/record/{token}/auth/`), so titles show paths called.
 */
export function withPaths(title: string, swaps: [described: string, inEffect: string][]): string {
  return swaps.reduce((t, [from, to]) => {
    if (from === to) return t;
    const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return t.replace(new RegExp(`${escaped}(?![\\w{])`, 'g'), to);
  }, title);
}
