import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { demoMatch } from '../../engine/sim/demo-match.js';
import { simTruth, writeSimTruth } from '../../engine/io/sim-truth.js';
import { renderTruthVideo } from '../../engine/sim-io/render-video.js';

/**
 * The drill's clip: a few seconds of the demo's scripted play, rendered by our simulator at 640x360
 * (the engine calibrates, tracks and finds kits in it, and a round stays short). The folder is also a
 * `sim` truth directory, which the drill imports.
 */
export async function renderDrillClip(dir: string, seconds: number): Promise<string> {
  const source = demoMatch();
  const track = simulateMatch(source, { seed: 3, fromMs: 2_000, durationMs: seconds * 1000 });
  const truth = simTruth(source, track, { seed: 3, file: 'demo-match', format: 'scripted' });
  await writeSimTruth(dir, truth);
  await renderTruthVideo(dir, truth, { camera: 'broadcast', width: 640, height: 360, seed: 3, cuts: false });
  return join(dir, 'video.mp4');
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export interface ClipServer {
  /** The clip from a server that honours `Range` (206) and one that always sends the whole file (200). */
  rangeUrl: string;
  plainUrl: string;
  close(): Promise<void>;
}

/**
 * Serves the clip over HTTP on 127.0.0.1, throttled to `bytesPerSecond` so that a download lasts long
 * enough (a second or two) for kills to land in the middle of it. ffmpeg's reads (the kit preview on
 * the URL, user agent Lavf) go at full speed: throttled, its dozens of seeks stretch a round to seconds
 * more without reaching any state a download does not.
 */
export async function serveClip(file: string, bytesPerSecond: number): Promise<ClipServer> {
  const data = readFileSync(file);
  const chunk = 16 * 1024;
  const tick = Math.max(1, Math.round((chunk / bytesPerSecond) * 1000));
  const server = createServer((req, res) => {
    const rangeCapable = req.url === '/range/clip.mp4';
    if (!rangeCapable && req.url !== '/plain/clip.mp4') {
      res.writeHead(404).end();
      return;
    }
    const m = rangeCapable ? /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '') : null;
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(data.length - 1, Number(m[2])) : data.length - 1;
    if (m && start >= data.length) {
      res.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
      return;
    }
    res.writeHead(m ? 206 : 200, {
      'content-type': 'video/mp4', 'content-length': end - start + 1, etag: '"drill-clip"',
      ...(rangeCapable ? { 'accept-ranges': 'bytes' } : {}), ...(m ? { 'content-range': `bytes ${start}-${end}/${data.length}` } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const wait = /^Lavf/.test(req.headers['user-agent'] ?? '') ? 0 : tick;
    let pos = start;
    const pump = () => {
      if (res.destroyed) return;
      if (pos > end) {
        res.end();
        return;
      }
      const next = Math.min(end + 1, pos + chunk);
      res.write(data.subarray(pos, next));
      pos = next;
      setTimeout(pump, wait);
    };
    pump();
  });
  const port = await listen(server);
  return {
    rangeUrl: `http://127.0.0.1:${port}/range/clip.mp4`,
    plainUrl: `http://127.0.0.1:${port}/plain/clip.mp4`,
    close: () => close(server),
  };
}

export interface WebhookCall {
  event: string;
  deliveryId: number;
  analysisId: number;
  status: string;
}

export interface WebhookReceiver {
  url: string;
  /** Every call received, duplicates included (delivery is at least once: a kill after the receiver answered repeats it). */
  calls: WebhookCall[];
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that outlives every kill of the service and answers 204. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: WebhookCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        const p = JSON.parse(body) as { delivery_id: number; event: string; data: { analysis: { id: number; status: string } } };
        calls.push({ event: p.event, deliveryId: p.delivery_id, analysisId: p.data.analysis.id, status: p.data.analysis.status });
      } catch {
        calls.push({ event: 'unparseable', deliveryId: -1, analysisId: -1, status: body.slice(0, 80) });
      }
      res.writeHead(204).end();
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/hook`, calls, close: () => close(server) };
}
