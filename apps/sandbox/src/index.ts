export type { Exchange } from './app.js';
export { reloadDescription } from './contracts.js';
export { KEY_WORK, PAGES, QUOTAS, SMS_THROTTLE } from './hosting-quotas.js';
export { SMS } from './rules/sms.js';
export { DEFAULT_KEYS, DEFAULT_RATE_LIMIT, type Sandbox, type SandboxOptions, startSandbox } from './server.js';
