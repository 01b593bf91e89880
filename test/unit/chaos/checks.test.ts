import { describe, expect, it } from 'vitest';
import {
  analysisEndings, busyWork, folderProblems, integrityProblems, normaliseFacts, normaliseSummary, resultDifferences, stuckOrFailed, webhookProblems,
} from '../../../bench/chaos/checks.js';
import type { FolderEntry, StoreSnapshot } from '../../../bench/chaos/inspect.js';

/** A settled store: an HTTP video with a done analysis, a local video, a done import; one webhook delivered per analysis. */
function store(patch: Partial<StoreSnapshot> = {}): StoreSnapshot {
  return {
    videos: [
      { id: 1, status: 'available', status_reason: null, source_kind: 'http', source_url: 'http://127.0.0.1:9/range/clip.mp4', local_path: null },
      { id: 2, status: 'available', status_reason: null, source_kind: 'local', source_url: null, local_path: '/clips/clip.mp4' },
      { id: 3, status: 'available', status_reason: null, source_kind: 'none', source_url: null, local_path: null },
    ],
    analyses: [
      { id: 10, video_id: 1, status: 'done', status_reason: null, engine_source: 'video', results_available: 1 },
      { id: 11, video_id: 3, status: 'done', status_reason: null, engine_source: 'import', results_available: 1 },
    ],
    jobs: [{ id: 1, kind: 'ingest', video_id: 1, analysis_id: null, state: 'done', attempts: 2, last_error: 'interrupted; resuming' }],
    deliveries: [
      { id: 5, webhook_id: 1, event: 'analysis.done', analysis_id: 10, state: 'delivered', attempts: 1, last_error: null },
      { id: 6, webhook_id: 1, event: 'analysis.done', analysis_id: 11, state: 'delivered', attempts: 1, last_error: null },
    ],
    integrity: ['ok'],
    foreignKeyViolations: 0,
    ...patch,
  };
}

const entries = (paths: string[]): FolderEntry[] => paths.map((p) => ({ path: p.replace(/\/$/, ''), dir: p.endsWith('/') }));

/** The data folder of that store, as the service lays it out. */
const LAYOUT = [
  'touchline.db', 'touchline.db-wal', 'touchline.db-shm', 'default-token', 'app-token', 'tmp/', 'videos/',
  'videos/1/', 'videos/1/source.mp4', 'videos/1/preview.json', 'videos/1/preview-crops/', 'videos/1/preview-crops/team_a-0.jpg',
  'videos/1/analyses/', 'videos/1/analyses/10/', 'videos/1/analyses/10/analysis.json', 'videos/1/analyses/10/cache/',
  'videos/1/analyses/10/cache/tracking-v2.parquet', 'videos/2/', 'videos/2/preview.json',
  'videos/3/', 'videos/3/analyses/', 'videos/3/analyses/11/', 'videos/3/analyses/11/analysis.json',
];

describe('crash drill: the store after a restart', () => {
  it('a settled, sound store passes every check', () => {
    const s = store();
    expect(busyWork(s)).toEqual([]);
    expect(stuckOrFailed(s)).toEqual([]);
    expect(integrityProblems(s)).toEqual([]);
    expect(folderProblems(entries(LAYOUT), s)).toEqual([]);
    expect(webhookProblems(s, [{ event: 'analysis.done', deliveryId: 5, analysisId: 10, status: 'done' }, { event: 'analysis.done', deliveryId: 6, analysisId: 11, status: 'done' }], 1)).toEqual([]);
  });

  it('queued and running jobs and pending deliveries keep the service busy', () => {
    const s = store({
      jobs: [{ id: 4, kind: 'analysis', video_id: 1, analysis_id: 10, state: 'running', attempts: 1, last_error: null }],
      deliveries: [{ id: 7, webhook_id: 1, event: 'analysis.done', analysis_id: 10, state: 'pending', attempts: 2, last_error: 'connect ECONNREFUSED' }],
    });
    expect(busyWork(s)).toEqual(['job 4 (analysis) running', 'webhook delivery 7 pending (2 attempts, last: connect ECONNREFUSED)']);
  });

  it('names what is stuck half-way or failed, and a tracking-only video an import left without its analysis', () => {
    const s = store({
      videos: [
        { id: 1, status: 'downloading', status_reason: null, source_kind: 'http', source_url: 'http://x/clip.mp4', local_path: null },
        { id: 2, status: 'error', status_reason: 'source file is missing: /clips/clip.mp4', source_kind: 'local', source_url: null, local_path: '/clips/clip.mp4' },
        { id: 3, status: 'available', status_reason: null, source_kind: 'none', source_url: null, local_path: null },
      ],
      analyses: [{ id: 10, video_id: 1, status: 'running', status_reason: null, engine_source: 'video', results_available: 0 }],
    });
    expect(stuckOrFailed(s)).toEqual([
      'video 1 stuck in downloading',
      'video 2 ended error: source file is missing: /clips/clip.mp4',
      'tracking-only video 3 has no analysis (an import cut short)',
      'analysis 10 stuck in running',
    ]);
  });

  it('the API must say done with results or error with a reason', () => {
    expect(analysisEndings([
      { id: 1, status: 'done', status_reason: null, results_available: true },
      { id: 2, status: 'error', status_reason: 'interrupted 3 times (service stopped or crashed while working); giving up', results_available: false },
      { id: 3, status: 'done', status_reason: null, results_available: false },
      { id: 4, status: 'error', status_reason: ' ', results_available: false },
      { id: 5, status: 'running', status_reason: null, results_available: false },
    ])).toEqual(['analysis 3 is done without results_available', 'analysis 4 is error without a reason', 'analysis 5 is running, not done or error']);
  });

  it('reports a damaged file and broken foreign keys', () => {
    expect(integrityProblems(store({ integrity: ['*** in database main ***', 'Page 7: btreeInitPage() returns error code 11'], foreignKeyViolations: 2 }))).toEqual([
      'PRAGMA integrity_check: *** in database main ***; Page 7: btreeInitPage() returns error code 11',
      'PRAGMA foreign_key_check: 2 rows point at missing rows',
    ]);
  });
});

describe('crash drill: the data folder', () => {
  it('finds orphans, partial downloads and temporary files a crash left', () => {
    const s = store({ analyses: [...store().analyses, { id: 12, video_id: 1, status: 'error', status_reason: 'cancelled by the user', engine_source: 'video', results_available: 0 }] });
    const left = [
      'touchline.db-journal',
      'tmp/engine-a1b2c3/', 'tmp/engine-a1b2c3/mat-debug-77.log',
      'videos/9/', 'videos/9/source.mp4',
      'videos/1/source.mp4.part', 'videos/1/source.mp4.part.json', 'videos/1/preview.json.tmp', 'videos/1/preview-crops/team_b-1.jpg.tmp',
      'videos/1/analyses/12/', 'videos/1/analyses/12/analysis.json', 'videos/1/analyses/13.partial/', 'videos/1/analyses/10/cache/summary-v1.json.4242.partial',
      'videos/2/source.mp4',
    ];
    expect(folderProblems(entries([...LAYOUT, ...left]), s)).toEqual([
      'unexpected file in the data folder: touchline.db-journal',
      'engine scratch left with no engine running: tmp/engine-a1b2c3',
      'orphaned folder videos/9 (no video 9)',
      'temporary file left: videos/1/source.mp4.part',
      'temporary file left: videos/1/source.mp4.part.json',
      'temporary file left: videos/1/preview.json.tmp',
      'temporary file left: videos/1/preview-crops/team_b-1.jpg.tmp',
      'result folder videos/1/analyses/12 of analysis 12, which is error',
      'temporary folder left: videos/1/analyses/13.partial',
      'temporary file left: videos/1/analyses/10/cache/summary-v1.json.4242.partial',
      'unexpected file videos/2/source.mp4 (video 2 is local)',
    ]);
  });

  it('a done analysis without its results folder is a loss', () => {
    const layout = LAYOUT.filter((p) => !p.startsWith('videos/3/analyses/11'));
    expect(folderProblems(entries(layout), store())).toEqual(['analysis 11 is done but its results are missing']);
  });
});

describe('crash drill: webhooks', () => {
  it('every ended analysis has its one delivery, delivered and received', () => {
    const s = store({
      analyses: [...store().analyses, { id: 12, video_id: 1, status: 'error', status_reason: 'engine error: boom', engine_source: 'video', results_available: 0 }],
      deliveries: [
        { id: 5, webhook_id: 1, event: 'analysis.done', analysis_id: 10, state: 'failed', attempts: 8, last_error: 'receiver answered 500' },
        { id: 8, webhook_id: 1, event: 'analysis.done', analysis_id: 12, state: 'delivered', attempts: 1, last_error: null },
      ],
    });
    expect(webhookProblems(s, [{ event: 'analysis.done', deliveryId: 8, analysisId: 12, status: 'error' }], 1)).toEqual([
      'webhook delivery 5 of analysis 10 is failed (receiver answered 500)',
      'analysis 11 (done) has 0 webhook deliveries, expected 1',
      'webhook delivery 8 of analysis 12 is analysis.done, expected analysis.error',
    ]);
    expect(webhookProblems(store(), [], 1)).toEqual([
      'webhook delivery 5 is marked delivered but the receiver never got it',
      'webhook delivery 6 is marked delivered but the receiver never got it',
    ]);
  });
});

describe('crash drill: results against the reference', () => {
  it('same names and bytes pass; a missing, extra or changed result is named with where it differs', () => {
    const ref = new Map([['api:events', Buffer.from('[1,2,3]')], ['file:tracking.tlc', Buffer.from([1, 2, 3, 4])]]);
    expect(resultDifferences('analysis 4', ref, new Map(ref))).toEqual([]);
    const got = new Map([['api:events', Buffer.from('[1,2,4]')], ['file:crops/team_0-0.jpg', Buffer.from([0])]]);
    expect(resultDifferences('analysis 4', ref, got)).toEqual([
      'analysis 4: api:events differs from the reference (7 vs 7 bytes, first difference at byte 5)',
      'analysis 4: file:tracking.tlc missing (the reference has it)',
      'analysis 4: file:crops/team_0-0.jpg is extra (the reference has no such result)',
    ]);
  });

  it('normalises only what differs per run: stage timings, the summary time and the game number', () => {
    const facts = (timings: object, rows: number) => JSON.stringify({ engine_version: '0.9', rows: { detected: rows }, timings_ms: timings }, null, 1);
    expect(normaliseFacts(facts({ rig: 13_000 }, 934)).equals(normaliseFacts(facts({ rig: 14_200, frames: 5 }, 934)))).toBe(true);
    expect(normaliseFacts(facts({ rig: 13_000 }, 934)).equals(normaliseFacts(facts({ rig: 13_000 }, 935)))).toBe(false);
    const summary = (at: string, id: string, passes: number) => JSON.stringify({ metadata: { game_id: id, generated_at: at }, match_stats: { passes } });
    expect(normaliseSummary(summary('2026-11-26T10:00:00Z', '2026-11-01_reds-blues-1', 3))
      .equals(normaliseSummary(summary('2026-11-26T11:00:00Z', '2026-11-01_reds-blues-17', 3)))).toBe(true);
    expect(normaliseSummary(summary('x', '2026-11-01_reds-blues-1', 3)).equals(normaliseSummary(summary('x', '2026-11-01_reds-blues-1', 4)))).toBe(false);
  });
});
