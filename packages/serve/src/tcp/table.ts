import { readFile } from 'node:fs/promises';

/** An established connection's row of Linux's /proc/net/tcp(6): both ends as the kernel writes them. */
export interface TcpRow {
  local: string;
  remote: string;
  /** Bytes written and not acknowledged by the other end (the `tx_queue` column). */
  unsent: number;
}

/** The machine's established TCP connections; undefined where the table cannot be read (not Linux). */
export async function establishedRows(): Promise<TcpRow[] | undefined> {
  const v4 = await readFile('/proc/net/tcp', 'utf8').catch(() => undefined);
  if (v4 === undefined) return undefined;
  const v6 = await readFile('/proc/net/tcp6', 'utf8').catch(() => '');
  const rows: TcpRow[] = [];
  for (const line of `${v4}\n${v6}`.split('\n')) {
    const [, local, remote, state, queues] = line.trim().split(/\s+/);
    if (state === '01' && local && remote)
      rows.push({ local, remote, unsent: Number.parseInt(queues?.split(':')[0] ?? '', 16) });
  }
  return rows;
}

/**
 * The end of a row that is `address` and `port`, as the row's text ends: an IPv4 address in the
 * kernel's little-endian hex (an IPv4-mapped IPv6 entry ends so too), then the port; an IPv6
 * address is not written, so its end is its port alone. Two clients on other addresses may share
 * a port number: compare with `row.local.endsWith(end)`.
 */
export function kernelEnd(address: string | undefined, port: number): string {
  const v4 = (address ?? '').replace(/^::ffff:/, '');
  const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');
  const ip = /^\d+\.\d+\.\d+\.\d+$/.test(v4)
    ? v4
        .split('.')
        .reverse()
        .map((b) => hex(Number(b), 2))
        .join('')
    : '';
  return `${ip}:${hex(port, 4)}`;
}
