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
import { applyCorrections, type CorrectedResults } from '../corrections/apply-corrections.js';
import type { CorrectionsInForce } from '../corrections/correction-log.js';

/** An analysis's results as derivations read them: stored, or with the analyst's corrections applied. */
export interface ResultsSource {
  facts(): Promise<AnalysisFacts>;
  events(): Promise<ResultEvent[]>;
  tracking(): Promise<TrackingColumns>;
  /** Smoothed speed per tracking row (frame_state's speed_mps). */
  speeds(): Promise<Float32Array>;
  /** What query-intervals needs, indexes built; team names are placeholders the caller replaces. */
  queryContext(): Promise<QueryContext>;
  /** The results with the tracks as corrected (none: the stored ones), for checking the next correction. */
  applied(): Promise<CorrectedResults>;
}

/** The parts every source derives the same way from its facts, events and tracking, each once. */
abstract class DerivedParts implements ResultsSource {
  private speedsP?: Promise<Float32Array>;
  private queryP?: Promise<QueryContext>;

  abstract facts(): Promise<AnalysisFacts>;
  abstract events(): Promise<ResultEvent[]>;
  abstract tracking(): Promise<TrackingColumns>;
  abstract applied(): Promise<CorrectedResults>;

  speeds(): Promise<Float32Array> {
    this.speedsP ??= this.tracking().then((cols) => computeRowSpeeds(cols));
    return this.speedsP;
  }

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

/** One analysis's results as read from its folder, each part read (or derived) once, on first use. */
export class LoadedResults extends DerivedParts {
  private factsP?: Promise<AnalysisFacts>;
  private eventsP?: Promise<ResultEvent[]>;
  private trackingP?: Promise<TrackingColumns>;
  private correctedView: CorrectedView | null = null;
  private appliedP?: Promise<CorrectedResults>;

  constructor(readonly dir: string) {
    super();
  }

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

  applied(): Promise<CorrectedResults> {
    this.appliedP ??= Promise.all([this.tracking(), this.events(), this.facts()])
      .then(([tracking, events, facts]) => applyCorrections({ tracking, events, facts }, []));
    return this.appliedP;
  }

  /**
   * The results with these corrections applied (the stored ones without any). The latest version's view
   * is kept: an analyst correcting a match reads the same version many times, an older one rarely.
   */
  view(corrections: CorrectionsInForce | undefined): LoadedResults | CorrectedView {
    if (!corrections || corrections.version === 0) return this;
    if (this.correctedView?.version !== corrections.version) this.correctedView = new CorrectedView(this, corrections);
    return this.correctedView;
  }
}

/** The results with one version of the correction log applied, derived once. */
export class CorrectedView extends DerivedParts {
  readonly version: number;
  private appliedP?: Promise<CorrectedResults>;

  constructor(private readonly base: LoadedResults, private readonly corrections: CorrectionsInForce) {
    super();
    this.version = corrections.version;
  }

  applied(): Promise<CorrectedResults> {
    this.appliedP ??= Promise.all([this.base.tracking(), this.base.events(), this.base.facts()])
      .then(([tracking, events, facts]) => applyCorrections({ tracking, events, facts }, this.corrections.corrections));
    return this.appliedP;
  }

  facts(): Promise<AnalysisFacts> {
    return this.applied().then((a) => a.facts);
  }

  events(): Promise<ResultEvent[]> {
    return this.applied().then((a) => a.events);
  }

  tracking(): Promise<TrackingColumns> {
    return this.applied().then((a) => a.tracking);
  }
}

/**
 * The most recently used analyses, loaded (a full match's tracking is about 100 MB, so only a few).
 * Stored results are immutable once an analysis is done, which is what makes keeping them safe; the
 * corrections are applied over them per log version.
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
