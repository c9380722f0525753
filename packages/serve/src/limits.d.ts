/** Readiness: a process's line (`listening on ...`), a port that answers, a page drawn. */
export declare const READY_LIMIT_MS: number;
/** One test or hook; above READY_LIMIT_MS, so a start that never comes fails with its own message. */
export declare const TEST_LIMIT_MS: number;
