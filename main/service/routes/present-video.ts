import { pathToFileURL } from 'node:url';
import type { AnalysisRef, VideoListRow, VideoRow } from '../store/videos-repo.js';
import { storedProbe } from '../store/stored-probe.js';
import type { Video } from '../schemas/video-schemas.js';
import type { TeamMapping } from '../results/team-identity.js';

export function presentListItem(row: VideoListRow, analyses: AnalysisRef[]) {
  return {
    id: row.id,
    status: row.status,
    game_name: row.game_name,
    title: row.title,
    created_at: row.created_at,
    home_team_name: row.home_team_name,
    away_team_name: row.away_team_name,
    duration: row.duration_seconds === null ? null : Math.round(row.duration_seconds),
    analyses,
  };
}

/** `mapping`: team identity composed now (GEN-08): team_zero and a service-derived left_start_team. */
export function presentVideo(row: VideoRow, analyses: AnalysisRef[], identity: { mapping: Pick<TeamMapping, 'left_start_team'>; teamZero: TeamMapping['team_0']['role'] }): Video {
  const probe = storedProbe(row);
  return {
    ...presentListItem(row, analyses),
    mp4_source: row.source_kind === 'local' ? pathToFileURL(row.local_path as string).href : row.source_url,
    left_start_team: identity.mapping.left_start_team,
    team_zero: identity.teamZero,
    status_reason: row.status_reason,
    date: row.match_date,
    start_offset_seconds: row.start_offset_seconds,
    end_offset_seconds: row.end_offset_seconds,
    source: {
      kind: row.source_kind,
      bytes_downloaded: row.bytes_downloaded,
      bytes_total: row.bytes_total,
      size_bytes: row.source_size_bytes,
      container: probe?.container ?? null,
      video_codec: probe?.video_codec ?? null,
      width: probe?.width ?? null,
      height: probe?.height ?? null,
      fps: probe?.fps ?? null,
      duration_seconds: probe?.duration_seconds ?? null,
      has_audio: probe?.has_audio ?? null,
      analysis: probe?.analysis ?? null,
    },
  };
}

export function presentCreated(row: VideoRow) {
  return { id: row.id, status: row.status, game_name: row.game_name, title: row.title, created_at: row.created_at };
}
