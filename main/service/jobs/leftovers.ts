import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { videoDir } from '../store/paths.js';

/** What a `videos/<id>/analyses/<id>/cache/` build leaves until its rename (results-store.ts cachedPath). */
const CACHE_TEMP = /\.\d+\.partial$/;
/** An HTTP download's bytes and validators until it completes (http-download.ts). */
const DOWNLOAD_PART = /^(source\.[^.]+)\.part(\.json)?$/;

const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/**
 * Removes what a crash (kill -9, power cut) left in the data folder that nothing would ever use or
 * remove: the folder of a video whose row is gone (the delete was cut between the row and its files),
 * the `.part` and `.part.json` beside a completed download (cut between the rename and the cleanup),
 * half-written preview answers and crops (`.tmp`), engine result folders (`<id>.partial`) and cache
 * files (`.<pid>.partial`). A download's `.part` without its finished file is kept: the next attempt
 * resumes it. Run at start, before any job, preview or engine runs, so nothing swept is being written.
 * Returns the removed paths.
 */
export function sweepLeftovers(home: string, videoExists: (id: number) => boolean): string[] {
  const removed: string[] = [];
  const remove = (path: string) => {
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  };
  for (const name of list(join(home, 'videos'))) {
    if (!/^[1-9]\d*$/.test(name)) continue; // not a folder the service made: left alone
    const dir = videoDir(home, Number(name));
    if (!videoExists(Number(name))) {
      remove(dir);
      continue;
    }
    for (const entry of list(dir)) {
      const part = DOWNLOAD_PART.exec(entry);
      if ((part && existsSync(join(dir, part[1] as string))) || entry === 'preview.json.tmp') remove(join(dir, entry));
    }
    for (const crop of list(join(dir, 'preview-crops'))) {
      if (crop.endsWith('.tmp')) remove(join(dir, 'preview-crops', crop));
    }
    const analyses = join(dir, 'analyses');
    for (const entry of list(analyses)) {
      if (entry.endsWith('.partial')) {
        remove(join(analyses, entry));
        continue;
      }
      for (const file of list(join(analyses, entry, 'cache'))) {
        if (CACHE_TEMP.test(file)) remove(join(analyses, entry, 'cache', file));
      }
    }
  }
  return removed;
}
