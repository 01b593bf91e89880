import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import type { VideoRow } from '../store/videos-repo.js';
import { shownSize, storedProbe } from '../store/stored-probe.js';
import { playableSource } from './video-media.js';

/**
 * The path of a picture of the person standing at a foot point (source pixels) of the analysed video at
 * `t_ms`, cut once and cached in the analysis folder: a track's crop, and the exemplar crops of a player
 * the analyst's corrections changed. 404 when the video has no readable frame there.
 */
export async function personCropFile(
  ctx: ServiceContext, analysis: AnalysisRow, video: VideoRow, at: { t_ms: number; x: number; y: number }, what: string,
): Promise<string> {
  const path = playableSource(ctx, video);
  const probe = storedProbe(video);
  if (!probe) throw apiError('NOT_FOUND', `video ${video.id} was never read: ${what} has no crop`);
  return ctx.results.cachedFile(analysis, `track-crop-${at.t_ms}-${at.x}-${at.y}.jpg`, async () => {
    const jpeg = await ctx.derive.call({ op: 'person-crop', path, size: shownSize(probe), tMs: at.t_ms, foot: { x: at.x, y: at.y } });
    if (!jpeg) throw apiError('NOT_FOUND', `the frame at ${at.t_ms} ms of video ${video.id} could not be read`);
    return jpeg;
  });
}
