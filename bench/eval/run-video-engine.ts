import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scaleCamera, type Camera } from '../../engine/geometry/camera.js';
import { probeVideo } from '../../engine/io/probe.js';
import { analyseVideo, type VideoAnalysisResult } from '../../engine/video/analyse-video.js';
import type { PitchTrackerOptions } from '../../engine/vision/tracking/pitch-tracker.js';
import { ROLES, STATUSES } from '../../engine/results/tracking-columns.js';

/**
 * Runs the video engine on a rendered fixture's `video.mp4` and writes the analysis directory the
 * evaluator reads (docs/evaluation.md): tracking rows with the team and track extensions, the
 * calibration (homography per frame), the detector's boxes and the timing.
 */
export async function runVideoEngine(truthDir: string, outDir: string, options: { verifier?: 'auto' | 'off'; detector?: 'auto' | 'off'; ballDetector?: 'auto' | 'off'; identity?: 'auto' | 'off'; tracker?: PitchTrackerOptions } = {}): Promise<{ result: VideoAnalysisResult; seconds: number }> {
  const video = join(truthDir, 'video.mp4');
  const probe = await probeVideo(video);
  const started = performance.now();
  let last = -1;
  const result = await analyseVideo(
    { path: video, width: probe.width, height: probe.height, sourceWidth: probe.width, sourceHeight: probe.height, startSeconds: null, endSeconds: null },
    (share, stage) => {
      const pct = Math.floor(share * 10);
      if (pct !== last) process.stderr.write(`  ${stage} ${Math.round(share * 100)}%\n`);
      last = pct;
    },
    { debug: true, verifier: options.verifier, detector: options.detector, ballDetector: options.ballDetector, identity: options.identity, tracker: options.tracker },
  );
  const seconds = (performance.now() - started) / 1000;
  // The engine's clock is the video's (frame 0 = 0 ms); the truth's is the simulated match's.
  const first = (await readFile(join(truthDir, 'frames.ndjson'), 'utf8')).split('\n', 1)[0] as string;
  const offset = (JSON.parse(first) as { t_ms: number }).t_ms;
  await mkdir(outDir, { recursive: true });
  const c = result.columns;
  const lines: string[] = [];
  for (let i = 0; i < c.length; i++) {
    lines.push(JSON.stringify({
      timestamp: (c.timestamp[i] as number) + offset, role: ROLES[c.role[i] as number], player_id: (c.player[i] as number) >= 0 ? c.players[c.player[i] as number] : null, x: c.x[i], y: c.y[i], bbox_x: c.bboxX[i], bbox_y: c.bboxY[i],
      status: STATUSES[c.status[i] as number], team: (c.team[i] as number) >= 0 ? c.team[i] : null, track_id: (c.track[i] as number) >= 0 ? `t${c.track[i]}` : null,
    }));
  }
  await writeFile(join(outDir, 'tracking.ndjson'), `${lines.join('\n')}\n`);
  await writeFile(join(outDir, 'events.json'), JSON.stringify(result.events.map((e) => ({ ...e, start_ms: e.start_ms + offset, end_ms: e.end_ms + offset }))));
  const debug = result.debug ?? [];
  // The camera in source pixels too: with lens distortion the homography alone misplaces pixels.
  const toSource = (c: Camera | null, scale: number): Camera | null => (c ? scaleCamera(c, scale, Math.round(c.width * scale), Math.round(c.height * scale)) : null);
  await writeFile(join(outDir, 'calibration.ndjson'), `${debug.map((d) => JSON.stringify({
    t_ms: d.t_ms + offset, homography: d.homography, camera: d.homography ? toSource(d.camera, probe.width / (d.camera?.width ?? probe.width)) : null,
  })).join('\n')}\n`);
  await writeFile(join(outDir, 'detections.ndjson'), `${debug.map((d) => JSON.stringify({ t_ms: d.t_ms + offset, boxes: d.boxes.map((box) => ({ box })) })).join('\n')}\n`);
  if (result.trackKits) await writeFile(join(outDir, 'track-kits.json'), JSON.stringify(result.trackKits));
  if (result.trackEnds) await writeFile(join(outDir, 'track-ends.json'), JSON.stringify(result.trackEnds.map((t) => ({ ...t, fromMs: t.fromMs + offset, toMs: t.toMs + offset }))));
  if (result.shirtReadings) await writeFile(join(outDir, 'shirts.ndjson'), `${result.shirtReadings.map((r) => JSON.stringify({ ...r, t_ms: r.frame * 40 + offset })).join('\n')}\n`);
  await writeFile(join(outDir, 'meta.json'), JSON.stringify({ frames: result.frames, seconds, max_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024), rig: result.rig, runtime: result.runtime, identity: result.identity, timings_ms: result.timingsMs }, null, 1));
  return { result, seconds };
}
