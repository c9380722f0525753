import { API_REFUSALS, type CatalogueEntry as Refusal } from '@tas/openapi';
import { ApiError } from './api-error.js';
import { SANDBOX_REFUSALS } from './sandbox.js';

export type { CatalogueEntry as Refusal, RefusalStatus } from '@tas/openapi';

/** Every refusal the sandbox can give, by name: thrown with `refuse`, listed by the docs' errors page. */
export const REFUSALS = { ...API_REFUSALS, ...SANDBOX_REFUSALS };
export type RefusalName = keyof typeof REFUSALS;

type ParamsOf<N extends RefusalName> = (typeof REFUSALS)[N] extends Refusal<infer P> ? P : never;
type Args<N extends RefusalName> = [ParamsOf<N>] extends [undefined]
  ? [params?: undefined, field?: string]
  : [params: ParamsOf<N>, field?: string];

/** The refusal `name` as an ApiError to throw, its message made from `params`, at `field` if given. */
export function refuse<N extends RefusalName>(name: N, ...[params, field]: Args<N>): ApiError {
  const r = REFUSALS[name] as Refusal<unknown>;
  const text = r.text(params);
  return new ApiError(r.status, [field === undefined ? { code: r.code, text } : { code: r.code, text, field }]);
}

/** What a partner does about each code the sandbox answers (the docs' errors page shows it). */
export { FIXES } from './fixes.js';
