import { create } from 'zustand';
import type { Api, VideoItem } from './api.js';
import { isMoving, latestAnalysis, type SortKey } from './library-model.js';

export interface LibraryState {
  videos: VideoItem[];
  /** Progress (0-100) of analyses that are moving, by analysis id. */
  progress: Record<number, number>;
  phase: 'loading' | 'ready' | 'error';
  error: string | null;
  query: string;
  sort: SortKey;
  setQuery(q: string): void;
  setSort(s: SortKey): void;
  refresh(): Promise<void>;
  remove(id: number): Promise<void>;
  /** Stops an analysis that is queued or running; the row shows what the API then says. */
  stop(analysisId: number): Promise<void>;
}

/** The library's state; every change comes from the local API, which stays the one source of truth. */
export function createLibraryStore(api: Api) {
  return create<LibraryState>((set, get) => ({
    videos: [], progress: {}, phase: 'loading', error: null, query: '', sort: 'newest',
    setQuery: (query) => set({ query }),
    setSort: (sort) => set({ sort }),
    async refresh() {
      try {
        const videos = await api.videos();
        const moving = videos.map(latestAnalysis).filter((a): a is NonNullable<typeof a> => a !== null && isMoving(a.status));
        const progress: Record<number, number> = {};
        await Promise.all(moving.map(async (a) => {
          progress[a.id] = (await api.analysis(a.id)).progress;
        }));
        set({ videos, progress, phase: 'ready', error: null });
      } catch (err) {
        // Keep what was shown; say what failed. A first load that fails shows the error state.
        set({ phase: get().videos.length ? 'ready' : 'error', error: (err as Error).message });
      }
    },
    async remove(id) {
      await api.deleteVideo(id);
      set({ videos: get().videos.filter((v) => v.id !== id) });
    },
    async stop(analysisId) {
      await api.cancelAnalysis(analysisId);
      await get().refresh();
    },
  }));
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
