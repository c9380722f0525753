import type { IncomingMessage, ServerResponse } from 'node:http';

// The docs server's live mode (npm start and npm run docs while they watch the description): every page
// it sends loads a script that waits for the site to be rebuilt (server-sent events) and reloads the
// page. Only this server adds it; the built site, as published, has none. The script is a file of the
// site's own origin, so the page's policy (script-src 'self', connect-src 'self' …) lets it run and listen.

export const LIVE_PATH = '/__live';
const SCRIPT = `new EventSource(${JSON.stringify(LIVE_PATH)}).addEventListener("reload",function(){location.reload()});\n`;

export function createLive() {
  const listeners = new Set<ServerResponse>();
  return {
    /** Answers the live paths (the event stream and its script); false for any other request. */
    answer(req: IncomingMessage, res: ServerResponse): boolean {
      const path = (req.url ?? '').split('?')[0];
      if (path === `${LIVE_PATH}.js`) {
        res
          .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end(SCRIPT);
        return true;
      }
      if (path !== LIVE_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' }).write(': live\n\n');
      listeners.add(res);
      res.on('close', () => listeners.delete(res));
      return true;
    },
    /** A page as sent in live mode: with the script that reloads it. */
    page: (html: string) => html.replace(/(<\/body>|$)/i, `<script src="${LIVE_PATH}.js"></script>$1`),
    /** Tells every open page to reload; how many were told. */
    reload(): number {
      for (const res of listeners) res.write('event: reload\ndata: rebuilt\n\n');
      return listeners.size;
    },
  };
}
