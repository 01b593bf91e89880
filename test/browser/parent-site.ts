import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ParentSite {
  /** http://127.0.0.1:PORT: the origin a token allows. */
  origin: string;
  /** The same page on another port: another origin, which a token naming `origin` does not allow. */
  otherOrigin: string;
  /** The parent page at `origin` (or `otherOrigin`) framing `src`. */
  page(src: string, at?: 'origin' | 'otherOrigin'): string;
  close(): Promise<void>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A club's web page on a second local origin, framing the widget the way an integrator would, and
 * recording every message it receives (with its origin and arrival time) in `window.received`.
 */
export async function startParentSite(): Promise<ParentSite> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const src = url.searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Club portal</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#e9edf2}header{background:#14213d;color:#fff;padding:12px 20px;font-weight:700}
main{padding:16px 20px}iframe{border:0;border-radius:12px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.12)}</style></head>
<body><header>Club portal: new match</header><main>
<iframe id="widget" title="Confirm the teams" src="${escapeAttr(src)}" width="600" height="640"></iframe></main>
<script>window.received=[];window.addEventListener('message',function(e){window.received.push({origin:e.origin,data:e.data,at:Date.now()});});</script>
</body></html>`);
  };
  const servers: Server[] = [createServer(handler), createServer(handler)];
  const origins = await Promise.all(servers.map(async (server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }));
  const [origin, otherOrigin] = origins as [string, string];
  return {
    origin, otherOrigin,
    page: (src, at = 'origin') => `${at === 'origin' ? origin : otherOrigin}/?src=${encodeURIComponent(src)}`,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
