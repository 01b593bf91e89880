import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

export interface FileServerOptions {
  /** Honour Range requests (206); false answers every request with the whole file (200). */
  range?: boolean;
  /** Bytes per second; undefined = as fast as possible. */
  throttle?: number;
  /** Close the connection after sending this many bytes, on the first N requests. */
  dropAfterBytes?: number;
  dropTimes?: number;
  /** Send headers, then nothing (to trigger the idle timeout). */
  stall?: boolean;
  /** Accept the request and never answer (to trigger the connect timeout). */
  silent?: boolean;
  /** Omit Content-Length (chunked transfer). */
  chunked?: boolean;
}

export interface FileServer {
  url(path?: string): string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  setOptions(options: FileServerOptions): void;
  close(): Promise<void>;
}

/** A local HTTP server for download tests: serves one file at /video.mp4, 404 elsewhere. */
export async function startFileServer(file: string, initial: FileServerOptions = {}): Promise<FileServer> {
  const data = readFileSync(file);
  let options: FileServerOptions = { range: true, ...initial };
  let drops = 0;
  const requests: FileServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    if (options.silent) return;
    if (req.url !== '/video.mp4') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    let start = 0;
    const headers: Record<string, string | number> = { 'content-type': 'video/mp4', etag: '"fixture-v1"', 'last-modified': 'Sun, 01 Nov 2026 00:00:00 GMT' };
    const m = options.range ? /^bytes=(\d+)-$/.exec(req.headers.range ?? '') : null;
    if (options.range) headers['accept-ranges'] = 'bytes';
    if (m && (!req.headers['if-range'] || req.headers['if-range'] === '"fixture-v1"')) {
      start = Number(m[1]);
      if (start >= data.length) {
        res.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
        return;
      }
      headers['content-range'] = `bytes ${start}-${data.length - 1}/${data.length}`;
    }
    if (!options.chunked) headers['content-length'] = data.length - start;
    res.writeHead(start > 0 ? 206 : 200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (options.stall) {
      res.flushHeaders(); // headers only; the client must time out
      return;
    }
    // Drops are for the downloader; ffmpeg's range reads (the kit preview, user agent Lavf) pass untouched.
    const fromFfmpeg = /^Lavf/.test(req.headers['user-agent'] ?? '');
    const dropNow = !fromFfmpeg && options.dropAfterBytes !== undefined && drops < (options.dropTimes ?? 1);
    if (dropNow) drops += 1;
    const limit = dropNow ? Math.min(data.length, start + (options.dropAfterBytes as number)) : data.length;
    let pos = start;
    const chunk = 64 * 1024;
    const tick = options.throttle ? Math.max(1, Math.round((chunk / options.throttle) * 1000)) : 0;
    const pump = () => {
      if (res.destroyed) return;
      if (pos >= limit) {
        if (dropNow) res.destroy();
        else res.end();
        return;
      }
      const end = Math.min(limit, pos + chunk);
      const ok = res.write(data.subarray(pos, end));
      pos = end;
      if (tick) setTimeout(pump, tick);
      else if (ok) setImmediate(pump);
      else res.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/video.mp4') => `http://127.0.0.1:${port}${path}`,
    requests,
    setOptions(next) {
      options = { range: true, ...next };
      drops = 0;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
