export { parseCommandLine } from './command-line.js';
export { parseFlags } from './flags.js';
export { createGuardedServer, envelope, type GuardOptions, type Handler, plainText, type Reason } from './guard.js';
export { type Listening, listen, urlHost } from './listen.js';
export { type ListenKnobs, listenError } from './listen-error.js';
export { parsePort, portOption } from './port.js';
export { targetUrl } from './target.js';
export { exitOnUsageError, UsageError } from './usage-error.js';
export { checkWritableFile } from './writable-file.js';
