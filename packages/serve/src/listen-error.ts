import { UsageError } from './usage-error.js';

/** Where a server's port and host are set, e.g. `{ port: ['--port', 'MOCK_PORT'], host: [...] }`. */
export interface ListenKnobs {
  port: string[];
  host: string[];
  /** Which server, when one command starts several (`npm start`). */
  name?: string;
}

type SystemError = Error & { code?: string; port?: number; address?: string; hostname?: string };

/** A listen failure a user can mend (busy port, foreign host) as a UsageError; anything else as is. */
export function listenError(error: unknown, knobs: ListenKnobs): unknown {
  const { code, port, address, hostname } = error as SystemError;
  const of = knobs.name ? ` (${knobs.name})` : '';
  const with_ = (names: string[]) => names.join(' or ');
  switch (code) {
    case 'EADDRINUSE':
      return new UsageError(`port ${port}${of} is in use; choose another with ${with_(knobs.port)}`, 1);
    case 'EACCES':
      return new UsageError(
        `port ${port}${of} needs privileges this user lacks; choose one above 1023 with ${with_(knobs.port)}`,
        1,
      );
    case 'EADDRNOTAVAIL':
      return new UsageError(
        `host ${address}${of} is not an address of this machine; choose another with ${with_(knobs.host)}`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(`host ${hostname}${of} does not resolve; choose another with ${with_(knobs.host)}`);
    default:
      return error;
  }
}
