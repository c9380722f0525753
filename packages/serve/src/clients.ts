import type { Socket } from 'node:net';

/** What the table says of a new connection: taken (after dropping `evicted`, if any), or refused. */
export interface Admission {
  refused?: number;
  evicted?: Socket;
}

/**
 * Connections by client address, within a cap for all and a fair share each: a client may hold
 * `perClient`, and once the cap is reached, `cap / clients` (at least one). At the cap a newcomer
 * under its share takes the slot of the client holding most: its slowest connection (fewest bytes
 * received per second open: idle, trickling or stalled) is dropped. So however many addresses one
 * attacker holds, a fresh client is served. `trusted` addresses (a proxy) are held to the cap alone.
 */
export function createClientTable(cap: number, perClient: number, trusted: (address: string) => boolean) {
  const held = new Map<string, Set<Socket>>();
  const seen = new WeakMap<Socket, { who: string; at: number }>();
  let total = 0;

  /** Forgets a connection (closed, or dropped for a newcomer); counted once. */
  function leave(socket: Socket) {
    const who = seen.get(socket)?.who ?? '';
    const sockets = held.get(who);
    if (!sockets?.delete(socket)) return;
    total--;
    if (sockets.size === 0) held.delete(who);
  }

  function slowest(sockets: Set<Socket>, now: number): Socket | undefined {
    let pick: Socket | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const s of sockets) {
      const rate = s.bytesRead / Math.max(1, now - (seen.get(s)?.at ?? now));
      if (rate < least) [pick, least] = [s, rate];
    }
    return pick;
  }

  /** The greediest untrusted client's slowest connection, when it holds more than `than`. */
  function victim(than: number): Socket | undefined {
    let most: Set<Socket> | undefined;
    for (const [who, sockets] of held)
      if (!trusted(who) && sockets.size > than && sockets.size > (most?.size ?? 0)) most = sockets;
    return most && slowest(most, performance.now());
  }

  return {
    admit(socket: Socket, who: string): Admission {
      const mine = held.get(who)?.size ?? 0;
      const own = trusted(who);
      if (!own && mine >= perClient) return { refused: mine };
      let evicted: Socket | undefined;
      if (total >= cap) {
        const share = Math.max(1, Math.floor(cap / (held.size + (mine ? 0 : 1))));
        if (!own && mine >= share) return { refused: mine };
        evicted = victim(own ? 0 : mine + 1);
        if (!evicted) return { refused: mine };
        leave(evicted);
      }
      const sockets = held.get(who) ?? new Set();
      held.set(who, sockets.add(socket));
      seen.set(socket, { who, at: performance.now() });
      total++;
      socket.once('close', () => leave(socket));
      return { evicted };
    },
    get total() {
      return total;
    },
  };
}
