import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalysisFacts } from '../results/analysis-facts.js';
import type { ResultEvent } from '../results/result-events.js';
import type { TrackingColumns } from '../results/tracking-columns.js';
import { readTrackingFile } from '../io/tracking-store.js';
import { RESULT_FILES } from '../worker-protocol.js';
import { computeRowSpeeds } from '../metrics/player-speed.js';
import { warmQueryContext } from '../query/query-index.js';
import type { QueryContext } from '../query/query-types.js';

/** One analysis's results as read from its folder, each part read (or derived) once, on first use. */
export class LoadedResults {
  private factsP?: Promise<AnalysisFacts>;
  private eventsP?: Promise<ResultEvent[]>;
  private trackingP?: Promise<TrackingColumns>;
  private speedsP?: Promise<Float32Array>;
  private queryP?: Promise<QueryContext>;

  constructor(readonly dir: string) {}

  facts(): Promise<AnalysisFacts> {
    this.factsP ??= readFile(join(this.dir, RESULT_FILES.facts), 'utf8').then((t) => JSON.parse(t) as AnalysisFacts);
    return this.factsP;
  }

  events(): Promise<ResultEvent[]> {
    this.eventsP ??= readFile(join(this.dir, RESULT_FILES.events), 'utf8').then((t) => JSON.parse(t) as ResultEvent[]);
    return this.eventsP;
  }

  tracking(): Promise<TrackingColumns> {
    this.trackingP ??= readTrackingFile(join(this.dir, RESULT_FILES.tracking));
    return this.trackingP;
  }

  /** Smoothed speed per tracking row (frame_state's speed_mps). */
  speeds(): Promise<Float32Array> {
    this.speedsP ??= this.tracking().then((cols) => computeRowSpeeds(cols));
    return this.speedsP;
  }

  /** What query-intervals needs, indexes built; team names are placeholders the caller replaces. */
  queryContext(): Promise<QueryContext> {
    this.queryP ??= Promise.all([this.events(), this.tracking(), this.speeds(), this.facts()]).then(([events, tracking, speedMps, facts]) => {
      const qc: QueryContext = {
        events, tracking, speedMps, durationMs: facts.duration_ms, frameMs: facts.frame_ms,
        dataVersion: facts.data_version, engineVersion: facts.engine_version, teamNames: { team_0: 'Team 0', team_1: 'Team 1' },
      };
      warmQueryContext(qc);
      return qc;
    });
    return this.queryP;
  }
}

/**
 * The most recently used analyses, loaded (a full match's tracking is about 100 MB, so only a few).
 * Results are immutable once an analysis is done, which is what makes keeping them safe.
 */
export class LoadedResultsCache {
  private readonly loaded = new Map<string, LoadedResults>();

  constructor(private readonly capacity = 3) {}

  get(dir: string): LoadedResults {
    let r = this.loaded.get(dir);
    if (r) this.loaded.delete(dir);
    else r = new LoadedResults(dir);
    this.loaded.set(dir, r);
    while (this.loaded.size > this.capacity) this.loaded.delete(this.loaded.keys().next().value as string);
    return r;
  }

  forget(dir: string): void {
    this.loaded.delete(dir);
  }
}
