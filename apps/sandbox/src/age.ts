/** Whole years between a birth date (YYYY-MM-DD) and a moment, in UTC. */
export function ageOn(birth: string, now: number): number {
  // YYYY-MM-DD, as the description's pattern requires; sliced, as this runs for every profile shown.
  const y = Number(birth.slice(0, 4));
  const m = Number(birth.slice(5, 7));
  const d = Number(birth.slice(8, 10));
  const today = new Date(now);
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d) ? 1 : 0;
  return today.getUTCFullYear() - y - beforeBirthday;
}
