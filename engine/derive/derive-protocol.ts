import type { IntervalQuery, QueryInterval } from '../query/query-types.js';
import type { OrientationSource } from '../reports/orientation.js';
import type { PreviewPassResult } from '../video/preview-pass.js';
import type { TrackingWindow } from '../results/tracking-window.js';
import type { KitColours, KitKey } from '../vision/teams/preview-kits.js';
import type { AnalysisFacts } from '../results/analysis-facts.js';
import type { ResultEvent } from '../results/result-events.js';
import type { CorrectionsInForce } from '../corrections/correction-log.js';
import type { Correction, CorrectionProblem } from '../corrections/correction-types.js';
import type { TrackSummary } from '../corrections/track-list.js';
import type { CropSource } from '../corrections/corrected-crops.js';

/**
 * What the service asks the derive worker (derive-worker.ts): results computed from an analysis's
 * stored files, and the kit preview of a video, off the service's event loop. Each request names the
 * analysis's results folder; the worker reads the files itself and keeps the last few analyses loaded.
 * Requests about results carry the analyst's corrections in force (absent: none), applied before
 * anything is derived. Replies carry plain data or the JSON text the service caches as it is.
 */
export type DeriveRequest = ResultsRequest & { corrections?: CorrectionsInForce } | PreviewRequest;

type ResultsRequest =
  /** The summary (spec 2.6) as JSON text, names not yet laid over. */
  | { op: 'summary'; dir: string; gameId: string; generatedAt: string }
  /** Who vouches for the reports' orientation: the cache key of both reports. */
  | { op: 'orientation-source'; dir: string; leftStartTeam: LeftStartTeam }
  /** The team report (spec 2.10) as JSON text. */
  | { op: 'team-report'; dir: string; leftStartTeam: LeftStartTeam }
  /** A player report (spec 2.9) as JSON text (`null` for a player seen only off camera), or null: never detected. */
  | { op: 'player-report'; dir: string; leftStartTeam: LeftStartTeam; playerId: string }
  /** Up to a minute of tracking rows as columns (the video overlay's window). */
  | { op: 'tracking-window'; dir: string; fromMs: number; toMs: number; projected: boolean }
  /** Loads an analysis just finished and builds its query indexes, before anyone asks. */
  | { op: 'warm'; dir: string }
  /** Query intervals (spec 2.8) with the team names given. */
  | { op: 'query'; dir: string; query: IntervalQuery; teamNames: { team_0: string; team_1: string } }
  /** The facts and the events as corrected. */
  | { op: 'facts'; dir: string }
  | { op: 'events'; dir: string }
  /** Whether a correction fits the results as corrected so far; a split's new track id. */
  | { op: 'check-correction'; dir: string; candidate: Correction }
  /** Every track for review (engine/corrections/track-list.ts). */
  | { op: 'tracks'; dir: string }
  /** Where each player's exemplar crops come from after the corrections (null: as stored). */
  | { op: 'crop-sources'; dir: string }
  /** Writes the corrected tracking rows as a tracking file at `outPath` (downloads read it). */
  | { op: 'write-tracking'; dir: string; outPath: string };

/**
 * The kit preview pass (spec 2.3) over a video file or URL: its two kits and crops, or null (no two
 * kits). `timeoutMs`: give up reading the source after this long.
 */
type PreviewRequest = { op: 'preview'; path: string; durationSeconds: number; frames?: number; source?: { width: number; height: number }; earlier?: Record<KitKey, KitColours> | null; timeoutMs?: number }
  /**
   * A JPEG of one person in a video frame, from his foot point (source pixels, `size` the video's shown
   * size): a box a fifth of the picture tall standing on it (a track's crop for naming it).
   */
  | { op: 'person-crop'; path: string; size: { width: number; height: number }; tMs: number; foot: { x: number; y: number } };

/** The answer to `check-correction`. */
export interface CorrectionCheck {
  problem: CorrectionProblem | null;
  /** For a split that applies: the id its new track gets. */
  createdTrackId: number | null;
}

export type LeftStartTeam = 'home' | 'away' | 'unknown';

export type DeriveValue<R extends DeriveRequest['op']> =
  R extends 'summary' | 'team-report' ? string
    : R extends 'orientation-source' ? OrientationSource | null
      : R extends 'player-report' ? string | null
        : R extends 'query' ? QueryInterval[]
          : R extends 'preview' ? PreviewPassResult | null
            : R extends 'tracking-window' ? TrackingWindow
              : R extends 'facts' ? AnalysisFacts
                : R extends 'events' ? ResultEvent[]
                  : R extends 'check-correction' ? CorrectionCheck
                    : R extends 'tracks' ? TrackSummary[]
                    : R extends 'crop-sources' ? Record<string, CropSource[]> | null
                      : R extends 'person-crop' ? Uint8Array | null
                        : null;

/** The worker's reply to request `id`: its value, or why it failed (`query`: the query itself is wrong). */
export type DeriveReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: 'query' | 'internal'; message: string };

export interface DeriveEnvelope {
  id: number;
  request: DeriveRequest;
}
