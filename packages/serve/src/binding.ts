import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Binding {
  /** `http://address:port` of the address actually bound (`0.0.0.0`, `[::]`, `127.0.0.1`), as the OS reports it. */
  url: string;
  /** Whether the address reaches beyond this machine (anything but loopback). */
  exposed: boolean;
  /** Bound to every interface (`0.0.0.0`, `::`). */
  everywhere: boolean;
}

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

/** What `server` is listening on, from the OS (so a host name such as `localhost` shows what it became). */
export function bindingOf(server: Server): Binding {
  const { address, port } = server.address() as AddressInfo;
  const written = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${written}:${port}`,
    exposed: !isLoopback(address),
    everywhere: address === '0.0.0.0' || address === '::',
  };
}

/**
 * The address a CLI prints when it starts, `path` appended: the one bound, and where it binds every
 * interface, also the address to call it at from this machine.
 */
export function boundLine(server: Server, path: string): string {
  const binding = bindingOf(server);
  if (!binding.everywhere) return `${binding.url}${path}`;
  const { port } = server.address() as AddressInfo;
  return `${binding.url}${path} (every interface; from this machine http://127.0.0.1:${port}${path})`;
}

/**
 * The start-up warning of a server bound beyond loopback, or undefined on loopback: `what` is the
 * server (`the sandbox`), `reach` what anyone on the network can then do.
 */
export function exposureWarning(server: Server, what: string, reach: string): string | undefined {
  const binding = bindingOf(server);
  if (!binding.exposed) return undefined;
  const where = binding.everywhere ? 'every interface' : 'an address other machines can reach';
  return `warning: ${what} listens on ${binding.url} (${where}): ${reach}. Bind 127.0.0.1 (the default) unless that is meant.`;
}
