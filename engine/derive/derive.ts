import { computeSummary } from '../metrics/summary.js';
import { trackingWindow } from '../results/tracking-window.js';
import { previewPass } from '../video/preview-pass.js';
import { runIntervalQuery } from '../query/query-intervals.js';
import { computeTeamReport } from '../reports/team-report.js';
import { computePlayerReport } from '../reports/player-report.js';
import { resultsOrientation } from '../reports/orientation.js';
import { checkCorrection } from '../corrections/check-correction.js';
import { trackList } from '../corrections/track-list.js';
import { writeTrackingFile } from '../io/tracking-store.js';
import { frameAt } from '../io/frame-source.js';
import { cropJpeg } from '../io/encode-image.js';
import type { CorrectionCheck, DeriveRequest } from './derive-protocol.js';
import type { LoadedResultsCache } from './loaded-results.js';

/** Answers one derive request from the loaded results (derive-protocol.ts says what each returns). */
export async function derive(request: DeriveRequest, cache: LoadedResultsCache): Promise<unknown> {
  if (request.op === 'preview') {
    const { path, durationSeconds, frames, source, earlier, timeoutMs } = request;
    return previewPass(path, durationSeconds, { frames, source, earlier, signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs) });
  }
  if (request.op === 'person-crop') return personCrop(request);
  const r = cache.get(request.dir).view(request.corrections);
  switch (request.op) {
    case 'summary': {
      const [tracking, speedMps, events, facts] = await Promise.all([r.tracking(), r.speeds(), r.events(), r.facts()]);
      return JSON.stringify(computeSummary({
        tracking, speedMps, events, durationMs: facts.duration_ms, frameMs: facts.frame_ms,
        gameId: request.gameId, version: facts.engine_version, generatedAt: request.generatedAt,
        teamNames: { team_0: 'Team 0', team_1: 'Team 1' }, playerNames: {},
      }));
    }
    case 'orientation-source': {
      const [tracking, events, facts] = await Promise.all([r.tracking(), r.events(), r.facts()]);
      return resultsOrientation(request.leftStartTeam, facts, tracking, events).source;
    }
    case 'team-report': {
      const [tracking, events, facts] = await Promise.all([r.tracking(), r.events(), r.facts()]);
      return JSON.stringify(computeTeamReport({ tracking, events, facts, orientation: resultsOrientation(request.leftStartTeam, facts, tracking, events) }));
    }
    case 'player-report': {
      const [tracking, events, facts, speeds] = await Promise.all([r.tracking(), r.events(), r.facts(), r.speeds()]);
      if (!tracking.players.includes(request.playerId)) return null;
      const orientation = resultsOrientation(request.leftStartTeam, facts, tracking, events);
      return JSON.stringify(computePlayerReport(request.playerId, { tracking, speeds, events, facts, orientation, crops: facts.crops?.individuals[request.playerId] ?? 0 }));
    }
    case 'tracking-window':
      return trackingWindow((await r.applied()).tracking, request.fromMs, request.toMs, { projected: request.projected });
    case 'warm':
      await r.queryContext();
      return null;
    case 'query':
      return runIntervalQuery(request.query, { ...(await r.queryContext()), teamNames: request.teamNames });
    case 'facts':
      return r.facts();
    case 'events':
      return r.events();
    case 'check-correction': {
      const now = await r.applied();
      const problem = checkCorrection(request.candidate, now);
      return { problem, createdTrackId: !problem && request.candidate.op === 'split_track' ? now.tracks.nextTrack : null } satisfies CorrectionCheck;
    }
    case 'tracks': {
      const [applied, facts] = await Promise.all([r.applied(), r.facts()]);
      return trackList(applied.tracking, facts.frame_ms);
    }
    case 'crop-sources':
      return (await r.applied()).crops;
    case 'write-tracking':
      await writeTrackingFile(request.outPath, (await r.applied()).tracking);
      return null;
  }
}

/** A person standing at a foot point of a video frame, as a JPEG (null: the frame could not be read). */
async function personCrop(r: Extract<DeriveRequest, { op: 'person-crop' }>): Promise<Uint8Array | null> {
  const { width, height } = r.size;
  const rgb = await frameAt(r.path, width, height, r.tMs / 1000);
  if (!rgb) return null;
  // A player in a wide broadcast view is 5-12% of the picture tall: a box of 12%, half as wide, standing
  // on the foot point and kept inside the picture, shows him whole and large enough to recognise.
  const h = Math.round(height * 0.12);
  const w = Math.round(h * 0.5);
  const left = Math.max(0, Math.min(width - w, r.foot.x - w / 2));
  const top = Math.max(0, Math.min(height - h, r.foot.y - h * 0.95));
  return new Uint8Array(await cropJpeg(rgb, width, height, [left, top, left + w, top + h], { pad: 0, minHeight: 160 }));
}
