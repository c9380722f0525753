// Shared by the journey files: what a partner's own code would hold, not generated.

/** `true` when T is `any`: a payload typed `any` type-checks anything and proves nothing. */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** The participant of every journey (instant mode: the first call authenticates). */
export const MOBILE = '09121234567';
export const PROFILE = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };
/** The test with option and free-text questions, one ready record of it in the instant organizer's seed. */
export const TEST_ID = 'career-interest';
export const FREE_TEXT = 'معلم مدرسه';

export function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`journey: ${what}`);
}
