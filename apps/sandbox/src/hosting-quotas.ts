// What one key may hold and cost in a hosted sandbox, stated once: --help prints LIMITS_TEXT, the
// README and control.openapi.yaml state the same numbers (test/hosting-quotas.test.ts holds them together).

/** Pages of the control API's lists (the API's record listing: page_size 1 to 100, from the description). */
export const PAGES = {
  /** A roadmap carries at most 200 records (20 roles of 10 tests), so a page holds at most 4,000. */
  roadmaps: { max: 20, default: 10 },
  outbox: { max: 100, default: 20 },
} as const;

/** What one key (organizer) may keep; at the bound 409 `quota_exceeded` (control API) or 400 (an SMS send). */
export const QUOTAS = {
  /** Records of the key, standalone and in roadmaps. */
  records: 20_000,
  roadmaps: 2_000,
  /** Codes in the SMS outbox (one per SMS authentication started). */
  outbox: 5_000,
} as const;

/** Codes sent to one mobile number per organizer within a window of the organizer's clock. */
export const SMS_THROTTLE = { codes: 5, windowSeconds: 60 } as const;

/**
 * Work one key may have in flight at once, in units: a call costs 1, a costly one (a page of a
 * list, a roadmap, a reset) `costly`. Calls past it wait their turn, at most `waiting` of them;
 * past that, 429 `too_busy` with Retry-After.
 */
export const KEY_WORK = {
  units: 8,
  costly: 4,
  waiting: 256,
  /**
   * While another key is active (a call within the last `activeMs`), a key may spend at most this
   * share of the sandbox's time, over bursts of `burstMs`; its next steps wait past it. Alone, a key
   * may use it all.
   */
  share: 0.25,
  burstMs: 20,
  activeMs: 1000,
} as const;

/**
 * What a client address may send without a key that names an organizer (form posts, media, calls
 * refused 401), on the real clock: its own small budget, past it 429 `rate_limited`. Form posts are
 * read up to `formBytes` (a questionnaire's answers take a few hundred); all keyless work together
 * takes turns as one key does, so it gets no larger share of the sandbox than one key. The budgets
 * of at most `clients` addresses are kept (the least recently seen forgotten first, and each at the
 * end of its hour), so no number of addresses grows the sandbox's memory past about 2 MB for them.
 */
export const KEYLESS = { perMinute: 120, perHour: 2_000, formBytes: 16 * 1024, clients: 20_000 } as const;

/** Partner keys a sandbox holds at once (each with an organizer, its seed and its quotas). */
export const PARTNER_KEYS = 500;

/** How long the secret an HTML questionnaire carries lets its form be posted, on the real clock. */
export const FORM_SECRET_TTL_S = 24 * 3600;

/** Rows a step of long work (a reset's deletes) handles before it yields to the event loop. */
export const STEP_ROWS = 500;

const n = (x: number) => x.toLocaleString('en-US');

/** The bounds as --help and the README state them. */
export const LIMITS_TEXT = `Per key: at most ${n(QUOTAS.records)} records, ${n(QUOTAS.roadmaps)} roadmaps and ${n(QUOTAS.outbox)} SMS outbox entries
  (past them quota_exceeded: 409 from the control API, 400 from an SMS send; POST /__sandbox/reset/ frees
  them and shrinks the file); ${SMS_THROTTLE.codes} SMS codes per mobile per ${SMS_THROTTLE.windowSeconds} s (then 400 sms_throttled);
  ${KEY_WORK.units} units of work in flight (a costly call, a list page, a roadmap or a reset, counts ${KEY_WORK.costly}), later
  calls wait their turn, at most ${KEY_WORK.waiting} (then 429 too_busy); keys take turns, long work in steps,
  and while another key is active a key gets at most ${KEY_WORK.share * 100}% of the sandbox's time.
Without a key that names an organizer (forms, media, refused calls): ${KEYLESS.perMinute} requests a minute and
  ${n(KEYLESS.perHour)} an hour per client address (then 429 rate_limited; preflights count), form posts up to ${KEYLESS.formBytes / 1024} KiB, and
  together no more of the sandbox's time than one key; a form's secret lasts ${FORM_SECRET_TTL_S / 3600} h.
In all: at most ${n(PARTNER_KEYS)} partner keys, so at most ${n(PARTNER_KEYS * QUOTAS.records)} records, ${n(PARTNER_KEYS * QUOTAS.roadmaps)} roadmaps and ${n(PARTNER_KEYS * QUOTAS.outbox)} outbox
  entries in the database (about 6.5 MB of file a key at its quotas, so about 3.3 GB; a revoked key's go).
Pages: records up to 100 (default 20), control API roadmaps up to ${PAGES.roadmaps.max} (default ${PAGES.roadmaps.default}),
  SMS outbox up to ${PAGES.outbox.max} (default ${PAGES.outbox.default}); no answer is larger than a page.`;
