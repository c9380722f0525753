// For every server's malformed-request tests (apps/*/test/malformed.test.ts): the raw-socket
// client, the table they share, the fuzz test's generator, and the suite that runs both.
export { generatedRequests } from './generate.js';
export { type After, isHead, type RawAnswer, type RawRequest, sendRaw, shown } from './send.js';
export { describeMalformed, envelopeRefusal, type SuiteOptions } from './suite.js';
export { API_WANT, malformedRequests, type RowName, type TableOptions } from './table.js';
