import type { Summary, TeamReport } from './match-types.js';
import type { PlayerReport } from './player-types.js';
import type { TrackingWindow } from './overlay-model.js';
import type { Interval } from './clip-model.js';
import type { PropertySpec } from './event-properties-model.js';

/** The local API as the app calls it: the same endpoints and token any script uses. */

export interface VideoItem {
  id: number;
  status: string;
  game_name: string;
  title: string;
  created_at: string;
  home_team_name: string;
  away_team_name: string;
  duration: number | null;
  analyses: { id: number; status: string }[];
}

export interface AnalysisProgress {
  id: number;
  video_id: number;
  status: string;
  progress: number;
}

export interface MediaUrl {
  url: string;
  expires_at: string;
  content_type: string;
  size_bytes: number;
}

/** GET /v1/settings (docs/api.md). */
export interface AppSettings {
  processor: 'cpu' | 'gpu';
  gpu_provider: string;
  execution_providers: string[];
  data_dir: string;
  api_base: string;
  analysis_concurrency: number;
  defaults: { rate_limit_per_minute: number; tracking_downloads_per_hour: number };
  token: { key_id: string; rate_limit_per_minute: number; tracking_downloads_per_hour: number };
}

/** A file the service answered with, and the name it suggested. */
/** GET /analyses/{id}/corrections: the analyst's correction log (docs/api.md "Corrections"). */
export interface CorrectionLog {
  version: number;
  undo: number | null;
  redo: number | null;
  in_force: number[];
  entries: { seq: number; action: { kind: 'correction' | 'undo' | 'redo'; correction?: Record<string, unknown> }; created_at: string; key_id: string | null }[];
}

/** One entry of GET /analyses/{id}/tracks: a track to review, seen longest first. */
export interface TrackItem {
  track_id: number;
  team: 'team_0' | 'team_1' | null;
  role: 'player' | 'goal_keeper' | 'referee';
  player_id: string | null;
  first_ms: number;
  last_ms: number;
  detected_rows: number;
  seconds_on_screen: number;
  sample: { t_ms: number; x: number; y: number } | null;
  /** For an unnamed track: the id of the named tracks the engine's stitching joins it to. */
  suggested_player_id: string | null;
}

/** One event of GET /analyses/{id}/events. */
export interface EventItem {
  event_id: string;
  type: string;
  start_ms: number;
  end_ms: number;
  team: 'team_0' | 'team_1' | null;
  player_id: string | null;
  properties: Record<string, string | number | boolean | null>;
}

/** What a correction, an undo or a redo answers: the log's state after it. */
export interface CorrectionState {
  version: number;
  undo: number | null;
  redo: number | null;
  created_track_id?: number;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/**
 * A URL the service handed out (signed media, the widget) as a path on the page's own origin: the same
 * service answers there, in a browser (http://127.0.0.1) and in the desktop window (touchline://app).
 */
export function onPageOrigin(url: string): string {
  // globalThis: this module is also type-checked with the Node-side tests, which have no DOM library.
  const u = new URL(url, (globalThis as unknown as { location: { href: string } }).location.href);
  return `${u.pathname}${u.search}${u.hash}`;
}

export function createApi(base: string, token: string) {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(`the local service did not answer (${(err as Error).message})`, 0);
    }
    if (!res.ok) {
      const answer = await res.json().catch(() => null) as { message?: string; detail?: string } | null;
      throw new ApiError(answer?.message ?? answer?.detail ?? `HTTP ${res.status}`, res.status);
    }
    return res;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await send(method, path, body);
    if (res.status === 204) return undefined as T;
    return await res.json() as T;
  }
  async function file(method: string, path: string, fallbackName: string, body?: unknown): Promise<DownloadedFile> {
    const res = await send(method, path, body);
    const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
    return { blob: await res.blob(), filename: named?.[1] ?? fallbackName };
  }
  return {
    /** Every video, following the pages (100 a page). */
    async videos(): Promise<VideoItem[]> {
      const out: VideoItem[] = [];
      for (let page = 1; ; page++) {
        const r = await call<{ data: VideoItem[]; meta: { last_page: number } }>('GET', `/videos?per_page=100&page=${page}`);
        out.push(...r.data);
        if (page >= r.meta.last_page) return out;
      }
    },
    analysis: (id: number) => call<{ data: AnalysisProgress }>('GET', `/analyses/${id}`).then((r) => r.data),
    deleteVideo: (id: number) => call<void>('DELETE', `/videos/${id}`),
    createVideo: (body: Record<string, unknown>) => call<{ data: { id: number; title: string } }>('POST', '/videos', body).then((r) => r.data),
    embedToken: (videoId: number, frameAncestors: string[]) => call<{ url: string }>('POST', `/videos/${videoId}/embed-token`, { frame_ancestors: frameAncestors })
      .then((r) => ({ ...r, url: onPageOrigin(r.url) })),
    /** Stops a queued or running analysis for good (it ends in `error`, reason `cancelled by the user`). */
    cancelAnalysis: (analysisId: number) => call<{ data: { id: number; status: string } }>('POST', `/analyses/${analysisId}/cancel`).then((r) => r.data),
    analyse: (videoId: number) => call<{ data: { id: number } }>('POST', `/videos/${videoId}/analysis`, {}).then((r) => r.data),
    summary: (analysisId: number) => call<Summary>('GET', `/analyses/${analysisId}/summary`),
    teamReport: (analysisId: number) => call<TeamReport>('GET', `/analyses/${analysisId}/team-report`),
    playerReport: (analysisId: number, playerId: string) => call<PlayerReport>('GET', `/analyses/${analysisId}/player-report/${encodeURIComponent(playerId)}`),
    settings: () => call<{ data: AppSettings }>('GET', '/settings').then((r) => r.data),
    updateSettings: (patch: { processor?: 'cpu' | 'gpu' }) => call<{ data: AppSettings }>('PUT', '/settings', patch).then((r) => r.data),
    exemplarCrops: (analysisId: number) => call<{ individuals: Record<string, number>; teams: { team_0: number; team_1: number } }>('GET', `/analyses/${analysisId}/exemplar-crops`),
    /** One crop as a blob: an <img> cannot send the token, so the page shows an object URL. */
    crop: (analysisId: number, path: string) => file('GET', `/analyses/${analysisId}/exemplar-crops/${path}`, 'crop.jpg').then((f) => f.blob),
    mediaUrl: (videoId: number) => call<{ data: MediaUrl }>('GET', `/videos/${videoId}/media-url`).then((r) => ({ ...r.data, url: onPageOrigin(r.data.url) })),
    trackingWindow: (analysisId: number, fromMs: number, toMs: number) => call<TrackingWindow>('GET', `/analyses/${analysisId}/tracking/window?from_ms=${fromMs}&to_ms=${toMs}`),
    queryIntervals: (analysisId: number, body: Record<string, unknown>) => call<Interval[]>('POST', `/analyses/${analysisId}/query-intervals`, body),
    clips: (analysisId: number, intervals: Interval[]) => file('POST', `/analyses/${analysisId}/clips`, `analysis-${analysisId}_clips.mp4`, { intervals }),
    events: (analysisId: number, type?: string) => call<EventItem[]>('GET', `/analyses/${analysisId}/events${type ? `?type=${encodeURIComponent(type)}` : ''}`),
    /** The event catalogue of the schema endpoint: each type's properties. */
    eventTypes: (analysisId: number) => call<{ event_types: Record<string, { properties: PropertySpec[] }> }>('GET', `/analyses/${analysisId}/schema`).then((r) => r.event_types),
    corrections: (analysisId: number) => call<CorrectionLog>('GET', `/analyses/${analysisId}/corrections`),
    tracks: (analysisId: number) => call<TrackItem[]>('GET', `/analyses/${analysisId}/tracks`),
    /** A picture of a track's person (a video frame cut around its box), as a blob. */
    trackCrop: (analysisId: number, trackId: number) => file('GET', `/analyses/${analysisId}/tracks/${trackId}/crop`, 'track.jpg').then((f) => f.blob),
    /** A correction made on log version `base` (a log that has moved on answers 409: read it again). */
    correct: (analysisId: number, base: number, correction: Record<string, unknown>) =>
      call<CorrectionState>('POST', `/analyses/${analysisId}/corrections`, { base_version: base, correction }),
    undo: (analysisId: number, base: number) => call<CorrectionState>('POST', `/analyses/${analysisId}/corrections/undo`, { base_version: base }),
    redo: (analysisId: number, base: number) => call<CorrectionState>('POST', `/analyses/${analysisId}/corrections/redo`, { base_version: base }),
    trackingFile: (analysisId: number, format: 'parquet' | 'json') => file('GET', `/analyses/${analysisId}/tracking/download?format=${format}`, `analysis-${analysisId}_tracking.${format}`),
  };
}

export type Api = ReturnType<typeof createApi>;
