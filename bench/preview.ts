/**
 * `npm run bench:preview [-- --record]`: how soon after `POST /videos` the kit preview is ready (spec
 * 2.3; target 5 s), for a local file and for a range-capable HTTP server on 127.0.0.1, on a 60 s
 * broadcast clip rendered by our simulator. Real service, real HTTP, real ffmpeg.
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { createService } from '../main/service/service.js';
import { readDefaultToken } from '../main/service/bootstrap.js';
import { machineDescription, report, runBench } from './machine.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { renderTruthVideo } from '../engine/sim-io/render-video.js';
import { simTruth } from '../engine/io/sim-truth.js';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const METRICA = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));

async function renderClip(dir: string): Promise<void> {
  if (!existsSync(METRICA)) throw new Error(`bench:preview needs ${METRICA}`);
  const source = parseMetricaEventsCsv(readFileSync(METRICA, 'utf8'));
  const fromMs = 600_000;
  const track = simulateMatch(source, { seed: 7, fromMs, durationMs: 60_000 });
  const truth = simTruth(source, track, { seed: 7, file: 'Sample_Game_1', format: 'metrica-csv' });
  await renderTruthVideo(dir, truth, { camera: 'broadcast', width: 1280, height: 720, seed: 7, cuts: false });
}

/** A minimal range-capable file server (206 for `bytes=a-b` and `bytes=a-`). */
async function serve(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const size = statSync(file).size;
  const server = createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(size - 1, Number(m[2])) : size - 1;
    res.writeHead(m ? 206 : 200, { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': end - start + 1, ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}) });
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/video.mp4`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-preview-'));
  const home = mkdtempSync(join(tmpdir(), 'bench-preview-home-'));
  try {
    await renderClip(dir);
    const file = join(dir, 'video.mp4');
    const files = await serve(file);
    const service = await createService({ port: 0, home, logLevel: 'silent' });
    const base = await service.listen();
    const headers = { authorization: `Bearer ${readDefaultToken(home)}`, 'content-type': 'application/json', accept: 'application/json' };
    const timeToReady = async (source: string) => {
      const t0 = performance.now();
      const created = await (await fetch(`${base}/v1/videos`, { method: 'POST', headers, body: JSON.stringify({ video_file_url: source }) })).json() as { data: { id: number } };
      let swatches: number | null = null;
      for (;;) {
        const body = await (await fetch(`${base}/v1/videos/${created.data.id}/preview-teams`, { headers })).json() as { status: string; crops_status?: string; teams?: { swatch: { primary: string }; crops: string[] }[] };
        if (body.status === undefined) throw new Error(`preview-teams answered ${JSON.stringify(body)} (created: ${JSON.stringify(created)})`);
        const at = (performance.now() - t0) / 1000;
        if (body.status !== 'processing') swatches ??= at;
        // Swatches publish first, crops after (PRV-08): both times are measured.
        if (body.status !== 'processing' && body.crops_status !== 'pending') {
          return {
            seconds: swatches ?? at, cropsSeconds: at, status: body.status, cropsStatus: body.crops_status ?? '-',
            crops: body.teams?.map((t) => t.crops.length).join(' + ') ?? '-', kits: body.teams?.map((t) => t.swatch.primary).join(' / ') ?? '-',
          };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const local = await timeToReady(file);
    const http = await timeToReady(files.url);
    const { kits } = JSON.parse(readFileSync(join(dir, 'render.json'), 'utf8')) as { kits: { home: { shirtName: string }; away: { shirtName: string } } };
    await service.close();
    await files.close();
    report([
      `## bench:preview ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Machine: ${machineDescription()}. Command: \`npm run bench:preview\`. Clip: Sample Game 1 from 10:00, 60 s, 1280x720 broadcast render (seed 7; kits drawn: ${kits.home.shirtName} / ${kits.away.shirtName}); polled every 100 ms.`,
      '',
      '| source | POST /videos to swatches (target < 5 s) | to crops (target < 5 s more) | answer | crops | kits named |',
      '|---|---|---|---|---|---|',
      ...[['local file', local], ['range-capable HTTP server on 127.0.0.1', http]].map(([name, r]) => {
        const m = r as typeof local;
        return `| ${name as string} | **${m.seconds.toFixed(2)} s** | **+${(m.cropsSeconds - m.seconds).toFixed(2)} s** | ${m.status} | ${m.cropsStatus} (${m.crops}) | ${m.kits} |`;
      }),
    ].join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

runBench(main);
