import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { ffmpegPath } from '../../../engine/api.js';
import { storedProbe } from '../store/stored-probe.js';
import { clampIntervals, clipArgs, clipSeconds, MAX_CLIP_INTERVALS, MAX_CLIP_SECONDS } from '../media/clip-plan.js';
import { doneAnalysis } from './result-access.js';
import { playableSource } from './video-media.js';

/** Exports run ffmpeg at full speed: two at once keep a 2-core machine answering. */
const MAX_CONCURRENT_EXPORTS = 2;

/**
 * The clip builder's export (API extension, docs/api.md): intervals of the analysed video, as the
 * query-intervals endpoint returns them, cut by ffmpeg and joined back to back into one MP4 that is
 * streamed while it is encoded.
 */
export function clipsRoutes(ctx: ServiceContext) {
  let running = 0;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.post('/analyses/:id/clips', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'One MP4 of the given intervals back to back (re-encoded H.264, frame-accurate), streamed',
        params: IdParams,
        body: Type.Object({
          intervals: Type.Array(Type.Object({
            start: Type.Number({ minimum: 0, description: 'seconds of the video' }),
            end: Type.Number({ minimum: 0 }),
          }, { additionalProperties: true }), { minItems: 1, maxItems: MAX_CLIP_INTERVALS }),
        }, { additionalProperties: false }),
        response: { 200: Type.Unknown({ description: 'video/mp4 (fragmented), with Content-Disposition' }), ...resultErrors(403, 404, 409, 500) },
      },
    }, async (request, reply) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const { intervals } = request.body;
      intervals.forEach((iv, k) => {
        if (!(iv.end > iv.start)) throw apiError('VALIDATION_FAILED', `intervals[${k}]: 'end' (${iv.end}) must be greater than 'start' (${iv.start})`);
      });
      const source = playableSource(ctx, video);
      const probe = storedProbe(video);
      const duration = probe?.duration_seconds ?? video.duration_seconds ?? 0;
      if (clampIntervals(intervals, duration).length === 0) {
        throw apiError('VALIDATION_FAILED', `no interval overlaps the video (0-${duration.toFixed(1)} s)`);
      }
      const seconds = clipSeconds(intervals, duration);
      if (seconds > MAX_CLIP_SECONDS) {
        throw apiError('VALIDATION_FAILED', `the intervals hold ${Math.round(seconds)} s of video; one export holds at most ${MAX_CLIP_SECONDS / 60} minutes`);
      }
      if (running >= MAX_CONCURRENT_EXPORTS) {
        throw apiError('CLIP_EXPORTS_BUSY', `${running} clip exports are running; retry when one has finished`, { 'retry-after': '10' });
      }
      running++;
      const child = spawn(ffmpegPath(), clipArgs({ source, intervals, durationSeconds: duration, hasAudio: probe?.has_audio ?? false }), { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
      child.on('close', () => { running--; });
      // Answer only once ffmpeg has produced its first bytes, so a failure to start is a clean error.
      const started = await new Promise<boolean>((resolve) => {
        child.stdout.once('readable', () => resolve(true));
        child.once('close', () => resolve(false));
        child.once('error', () => resolve(false));
      });
      if (!started) throw apiError('CLIP_EXPORT_FAILED', `ffmpeg could not cut the clips: ${stderr.trim() || 'it exited without output'}`);
      // A client that goes away stops the encoder.
      request.raw.on('close', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
      return reply
        .type('video/mp4')
        .header('content-disposition', `attachment; filename="${video.game_name}_analysis-${analysis.id}_clips.mp4"`)
        .header('x-clip-seconds', seconds.toFixed(2))
        .send(child.stdout);
    });
  };
}
