import type { AnalysisRow } from '../store/analyses-repo.js';
import type { VideoRow } from '../store/videos-repo.js';
import type { Analysis } from '../schemas/analysis-schemas.js';

/** One shape for create and get: the spec's fields of both (2.2), plus the documented extras. */
export function presentAnalysis(a: AnalysisRow, video: VideoRow): Analysis {
  const out: Analysis = {
    id: a.id,
    video_id: a.video_id,
    status: a.status,
    status_reason: a.status_reason,
    algorithm_version: a.algorithm_version,
    aggregate_version: a.aggregate_version,
    data_version: a.data_version,
    parameters: { fps: a.fps, review: a.review === 1 },
    engine_source: a.engine_source,
    created_at: a.created_at,
    started_at: a.started_at,
    finished_at: a.status === 'done' ? a.finished_at : null,
    results_available: a.results_available === 1,
    progress: Math.round(a.progress * 10) / 10,
    quality: a.quality_json ? (JSON.parse(a.quality_json) as Analysis['quality']) : null,
    runtime: a.runtime_json ? (JSON.parse(a.runtime_json) as Analysis['runtime']) : null,
    video: {
      id: video.id,
      title: video.title,
      duration: video.duration_seconds === null ? null : Math.round(video.duration_seconds),
      home_team_name: video.home_team_name,
      away_team_name: video.away_team_name,
    },
  };
  if (a.status === 'waiting_for_meta') out.waiting_for = ['game_context'];
  if (a.status === 'running') {
    out.progress_detail = {
      stage: a.progress_stage ?? 'starting',
      frames_done: a.frames_done,
      frames_total: a.frames_total,
    };
  }
  return out;
}
