import type { Db } from './db.js';
import type { Side } from './videos-repo.js';

export type Roster = Record<Side, Record<string, string>>;

/** Display names of a video's players by fixture side and shirt (`10`, `GK`). */
export class RosterRepo {
  constructor(private readonly db: Db) {}

  get(videoId: number): Roster {
    const out: Roster = { home: {}, away: {} };
    const rows = this.db.prepare('SELECT side, shirt, name FROM roster_names WHERE video_id = ? ORDER BY side, shirt')
      .all(videoId) as { side: Side; shirt: string; name: string }[];
    for (const r of rows) out[r.side][r.shirt] = r.name;
    return out;
  }

  /** Replaces the names of each side given; a side left out keeps its names. One transaction. */
  replace(videoId: number, sides: Partial<Roster>): void {
    this.db.transaction(() => {
      for (const side of ['home', 'away'] as const) {
        const names = sides[side];
        if (!names) continue;
        this.db.prepare('DELETE FROM roster_names WHERE video_id = ? AND side = ?').run(videoId, side);
        const insert = this.db.prepare('INSERT INTO roster_names (video_id, side, shirt, name) VALUES (?, ?, ?, ?)');
        for (const [shirt, name] of Object.entries(names)) insert.run(videoId, side, shirt, name);
      }
    })();
  }
}
