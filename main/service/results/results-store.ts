import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AnalysisFacts, type ResultEvent, LoadedResults, RESULT_FILES } from '../../../engine/api.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import { analysisDir } from '../store/paths.js';

interface Loaded {
  /** The result files, each read once (the same reader as the derive worker's; tracking is not read here). */
  files: LoadedResults;
  /** Anything else derived once per analysis. */
  memo: Map<string, unknown>;
}

/**
 * Reads an analysis's small result files once (facts, events) and keeps the most recently used analyses
 * in memory, with the cached derived files. The tracking rows are never loaded here: the derive worker
 * holds them (engine/derive), and downloads read row ranges from the file. Results are immutable once an
 * analysis is done, which is what makes caching them safe; deleting the video drops them (`forget`).
 */
export class ResultsStore {
  private readonly loaded = new Map<number, Loaded>();

  constructor(private readonly home: string, private readonly capacity = 3) {}

  dir(a: Pick<AnalysisRow, 'id' | 'video_id'>): string {
    return analysisDir(this.home, a.video_id, a.id);
  }

  private entry(a: Pick<AnalysisRow, 'id' | 'video_id'>): Loaded {
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

  facts(a: Pick<AnalysisRow, 'id' | 'video_id'>): Promise<AnalysisFacts> {
    return this.entry(a).files.facts();
  }

  events(a: Pick<AnalysisRow, 'id' | 'video_id'>): Promise<ResultEvent[]> {
    return this.entry(a).files.events();
  }

  trackingPath(a: Pick<AnalysisRow, 'id' | 'video_id'>): string {
    return join(this.dir(a), RESULT_FILES.tracking);
  }

  /** Any value derived from the results, computed once per analysis while it stays loaded. */
  memo<T>(a: Pick<AnalysisRow, 'id' | 'video_id'>, key: string, build: () => Promise<T>): Promise<T> {
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
  async cachedFile(a: Pick<AnalysisRow, 'id' | 'video_id'>, name: string, build: () => Promise<Uint8Array | string>): Promise<string> {
    return this.cachedPath(a, name, async (tmp) => writeFile(tmp, await build()));
  }

  /** As cachedFile, for producers that write the file themselves (to the temporary path given). */
  async cachedPath(a: Pick<AnalysisRow, 'id' | 'video_id'>, name: string, produce: (tmpPath: string) => Promise<void>): Promise<string> {
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
