import type { VideoItem } from './api.js';

export type SortKey = 'newest' | 'oldest' | 'title' | 'duration';

/** Videos matching the search (title, teams, game name; case and accents ignored), in the chosen order. */
export function visibleVideos(videos: readonly VideoItem[], query: string, sort: SortKey): VideoItem[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const hits = videos.filter((v) => {
    const text = fold(`${v.title} ${v.home_team_name} ${v.away_team_name} ${v.game_name}`);
    return words.every((w) => text.includes(w));
  });
  const by: Record<SortKey, (a: VideoItem, b: VideoItem) => number> = {
    newest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
    oldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
    title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.id - b.id,
    duration: (a, b) => (b.duration ?? -1) - (a.duration ?? -1) || a.id - b.id,
  };
  return [...hits].sort(by[sort]);
}

/** `1:32:05`, `12:04`, or an en dash while unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

const MOVING = new Set(['init', 'waiting_for_video', 'waiting_for_meta', 'running']);
const PREPARING = new Set(['init', 'downloading', 'locally_available']);

/** The newest analysis of a video, which the library shows. */
export function latestAnalysis(v: VideoItem): VideoItem['analyses'][number] | null {
  return v.analyses.reduce<VideoItem['analyses'][number] | null>((best, a) => (!best || a.id > best.id ? a : best), null);
}

/** Whether anything in the list is still changing (the library polls faster then). */
export function anythingMoving(videos: readonly VideoItem[]): boolean {
  return videos.some((v) => PREPARING.has(v.status) || v.analyses.some((a) => MOVING.has(a.status)));
}

export const isMoving = (status: string) => MOVING.has(status);
