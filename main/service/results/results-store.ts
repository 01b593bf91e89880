import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AnalysisFacts, type CorrectionsInForce, type ResultEvent, LoadedResults, RESULT_FILES } from '../../../engine/api.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import type { CorrectionsRepo } from '../store/corrections-repo.js';
import { analysisDir } from '../store/paths.js';
import type { DeriveClient } from './derive-client.js';

interface Loaded {
  /** The result files, each read once (the same reader as the derive worker's; tracking is not read here). */
  files: LoadedResults;
  /** Anything else derived once per analysis. */
  memo: Map<string, unknown>;
}

type AnalysisKey = Pick<AnalysisRow, 'id' | 'video_id'>;

/**
 * Reads an analysis's small result files once (facts, events) and keeps the most recently used analyses
 * in memory, with the cached derived files. The tracking rows are never loaded here: the derive worker
 * holds them (engine/derive), and downloads read row ranges from the file. Stored results are immutable
 * once an analysis is done, which is what makes caching them safe; the analyst's corrections are applied
 * over them when they are read (in the derive worker), so every cache of derived results is keyed by the
 * correction log's version (`tag`). Deleting the video drops them (`forget`).
 */
export class ResultsStore {
  private readonly loaded = new Map<number, Loaded>();

  constructor(
    private readonly home: string,
    private readonly corrected: { corrections: Pick<CorrectionsRepo, 'inForce'>; derive: DeriveClient } | null = null,
    private readonly capacity = 3,
  ) {}

  dir(a: AnalysisKey): string {
    return analysisDir(this.home, a.video_id, a.id);
  }

  /** The corrections in force (none: undefined), as derive requests carry them. */
  corrections(a: AnalysisKey): CorrectionsInForce | undefined {
    const e = this.corrected?.corrections.inForce(a.id);
    return e && e.version > 0 ? { version: e.version, corrections: e.corrections } : undefined;
  }

  /** What a derive request about the analysis's results names: its folder and the corrections in force. */
  source(a: AnalysisKey): { dir: string; corrections?: CorrectionsInForce } {
    const corrections = this.corrections(a);
    return corrections ? { dir: this.dir(a), corrections } : { dir: this.dir(a) };
  }

  /** The suffix of cache names for the correction log's version ('' without corrections). */
  tag(a: AnalysisKey): string {
    const c = this.corrections(a);
    return c ? `-c${c.version}` : '';
  }

  private entry(a: AnalysisKey): Loaded {
    let e = this.loaded.get(a.id);
    if (e) {
      this.loaded.delete(a.id);
      this.loaded.set(a.id, e);
      return e;
    }
    e = { files: new LoadedResults(this.dir(a)), memo: new Map() };
    this.loaded.set(a.id, e);
    while (this.loaded.size > this.capacity) {
      const oldest = this.loaded.keys().next().value as number;
      this.loaded.delete(oldest);
    }
    return e;
  }

  /** The facts as corrected (the player list, per-squad facts). */
  facts(a: AnalysisKey): Promise<AnalysisFacts> {
    const c = this.corrections(a);
    if (!c || !this.corrected) return this.entry(a).files.facts();
    const derive = this.corrected.derive;
    return this.memo(a, `facts-c${c.version}`, () => derive.call({ op: 'facts', dir: this.dir(a), corrections: c }));
  }

  /** The events as corrected. */
  events(a: AnalysisKey): Promise<ResultEvent[]> {
    const c = this.corrections(a);
    if (!c || !this.corrected) return this.entry(a).files.events();
    const derive = this.corrected.derive;
    return this.memo(a, `events-c${c.version}`, () => derive.call({ op: 'events', dir: this.dir(a), corrections: c }));
  }

  /** The tracking file as corrected: the stored one, or one the derive worker writes per log version. */
  async trackingPath(a: AnalysisKey): Promise<string> {
    const c = this.corrections(a);
    if (!c || !this.corrected) return join(this.dir(a), RESULT_FILES.tracking);
    const derive = this.corrected.derive;
    return this.cachedPath(a, `tracking-c${c.version}.bin`, async (tmp) => {
      await derive.call({ op: 'write-tracking', dir: this.dir(a), corrections: c, outPath: tmp });
    });
  }

  /** Any value derived from the results, computed once per analysis while it stays loaded. */
  memo<T>(a: AnalysisKey, key: string, build: () => Promise<T>): Promise<T> {
    const e = this.entry(a);
    let v = e.memo.get(key) as Promise<T> | undefined;
    if (!v) {
      v = build();
      v.catch(() => e.memo.delete(key));
      e.memo.set(key, v);
    }
    return v;
  }

  /**
   * A cached file of the analysis (`cache/<name>`): built once, written atomically, then served from
   * disk. Survives restarts; keyed by name, so callers put the schema version in it.
   */
  async cachedFile(a: AnalysisKey, name: string, build: () => Promise<Uint8Array | string>): Promise<string> {
    return this.cachedPath(a, name, async (tmp) => writeFile(tmp, await build()));
  }

  /** As cachedFile, for producers that write the file themselves (to the temporary path given). */
  async cachedPath(a: AnalysisKey, name: string, produce: (tmpPath: string) => Promise<void>): Promise<string> {
    const path = join(this.dir(a), 'cache', name);
    if (await stat(path).then((s) => s.isFile(), () => false)) return path;
    // Concurrent first requests share one build (memo); the rename makes the file appear whole.
    return this.memo(a, `file:${name}`, async () => {
      await mkdir(join(this.dir(a), 'cache'), { recursive: true });
      const tmp = `${path}.${process.pid}.partial`;
      await produce(tmp);
      await rename(tmp, path);
      return path;
    });
  }

  forget(analysisIds: readonly number[]): void {
    for (const id of analysisIds) this.loaded.delete(id);
  }
}
