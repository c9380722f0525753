export type { Exchange } from './app.js';
export { SMS } from './rules/sms.js';
export { DEFAULT_KEYS, DEFAULT_RATE_LIMIT, type Sandbox, type SandboxOptions, startSandbox } from './server.js';
