/** What a rule or a constraint rests on: sentences of the interface (stated), or the description's choice. */
export type Ground = { quotes: string[]; assumed?: undefined } | { assumed: string; quotes?: string[] };

export const stated = (...quotes: string[]): Ground => ({ quotes });
export const assumed = (why: string, ...quotes: string[]): Ground => ({ assumed: why, quotes });
export const isStated = (ground: Ground) => ground.assumed === undefined;
