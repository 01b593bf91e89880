import { probeVideo, type VideoProbe } from '../engine/io/probe.js';
import type { VideoInput } from '../engine/video/video-analysis-types.js';
import { analysisGeometry } from '../main/service/store/stored-probe.js';

/** A whole video file as the engine's input, at the analysis size the service would choose for it, with its probe. */
export async function wholeVideoInput(path: string): Promise<{ probe: VideoProbe; input: VideoInput }> {
  const probe = await probeVideo(path);
  const geo = analysisGeometry(probe);
  return { probe, input: { path, width: geo.width, height: geo.height, sourceWidth: probe.width, sourceHeight: probe.height, startSeconds: null, endSeconds: null } };
}
