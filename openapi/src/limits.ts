import type { OpenApiDocument } from './description.js';

/** The interface's stated limits, as `info.x-limits` of the description gives them. */
export interface Limits {
  /** API calls per minute, per the Limits table; excess answers 429. */
  ratePerMinute: number;
  /** API calls per hour. */
  ratePerHour: number;
  /** How long a roadmap draft_token is valid, in seconds. */
  draftTokenSeconds: number;
}

export function limitsOf(doc: OpenApiDocument): Limits {
  const raw = (doc.info['x-limits'] ?? {}) as Record<string, unknown>;
  const number = (key: string) => {
    const value = raw[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      throw new Error(`the description's info.x-limits.${key} is missing or not a positive number`);
    return value;
  };
  return {
    ratePerMinute: number('rate_per_minute'),
    ratePerHour: number('rate_per_hour'),
    draftTokenSeconds: number('draft_token_seconds'),
  };
}
