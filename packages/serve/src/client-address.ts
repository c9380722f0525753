import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** An address as node reports it, IPv4 mapped into IPv6 (`::ffff:127.0.0.1`) read as IPv4. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The proxies a host trusts to say who their clients are, as addresses or CIDR ranges (`--trust-proxy`);
 * undefined for an entry that is neither.
 */
export function trustList(entries: readonly string[]): ((address: string) => boolean) | { bad: string } {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return { bad: entry };
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const a = plain(address);
    const type = isIP(a) === 6 ? 'ipv6' : 'ipv4';
    return isIP(a) !== 0 && list.check(a, type);
  };
}

const forwarded = new WeakMap<IncomingMessage, string>();

/**
 * Notes who a trusted proxy says sent `req`: the last X-Forwarded-For entry (the one the proxy
 * itself appended; those before it are the client's own word), else X-Real-IP.
 */
export function noteClient(req: IncomingMessage, trusted: (address: string) => boolean): void {
  if (!trusted(req.socket.remoteAddress ?? '')) return;
  const chain = req.headers['x-forwarded-for'];
  const last = (Array.isArray(chain) ? chain.join(',') : chain)?.split(',').pop()?.trim();
  const real = req.headers['x-real-ip'];
  const who = last || (typeof real === 'string' ? real.trim() : '');
  if (isIP(plain(who))) forwarded.set(req, plain(who));
}

/** The client a request counts against: who a trusted proxy named, else the connection's address. */
export const clientOf = (req: IncomingMessage): string => forwarded.get(req) ?? plain(req.socket.remoteAddress ?? '');
