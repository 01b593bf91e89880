import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fixture } from '../helpers/fixtures.js';
import { API_POLL_MS, startTestService, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';
import { videoDir } from '../../main/service/store/paths.js';
import { analysisDir } from '../../main/service/store/paths.js';

let t: TestService | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * What a kill -9 leaves when it cuts work between its database write and its files (found by the crash
 * drill, bench:chaos): the next start removes it, and keeps everything still in use.
 */
describe('leftovers of a crash are removed at the next start', () => {
  it('the folder of a deleted video, a finished download\'s .part files, .tmp and .partial files; a resumable download stays', async () => {
    t = await startTestService();
    const kept = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    const deleted = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    await waitForVideo(t.api, kept);
    await waitForVideo(t.api, deleted);
    const preview = await waitFor(async () => {
      const body = (await t!.api.get(`/v1/videos/${kept}/preview-teams`)).body;
      return body.status === 'processing' ? undefined : body;
    }, 20_000, 'the preview', API_POLL_MS);
    const analysis = insertAnalysis(t.service.context.db, kept, 'done');
    const home = t.home;
    await t.stop();

    // DELETE /videos/{id} removes the row, then the folder: a kill in between leaves the folder.
    const orphan = videoDir(home, deleted);
    mkdirSync(join(orphan, 'preview-crops'), { recursive: true });
    writeFileSync(join(orphan, 'preview-crops', 'team_a-0.jpg'), 'jpeg');
    const db = new Database(join(home, 'touchline.db'));
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM videos WHERE id = ?').run(deleted);
    db.close();

    const dir = videoDir(home, kept);
    const results = analysisDir(home, kept, analysis);
    const plant = (path: string, body = 'x') => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, body);
    };
    // A completed download cut between its rename and removing its validators; a download still under way.
    plant(join(dir, 'source.mp4'));
    plant(join(dir, 'source.mp4.part.json'), '{}');
    plant(join(dir, 'source.mp4.part'));
    plant(join(dir, 'source.mkv.part'));
    plant(join(dir, 'source.mkv.part.json'), '{}');
    plant(join(dir, 'preview.json.tmp'));
    plant(join(dir, 'preview-crops', 'team_b-2.jpg.tmp'));
    plant(join(dir, 'preview-crops', 'team_b-1.jpg'));
    plant(join(`${results}.partial`, 'tracking.tlc'));
    plant(join(results, 'analysis.json'), '{}');
    plant(join(results, 'cache', 'summary-v1.json.4242.partial'));
    plant(join(results, 'cache', 'tracking-v2.parquet'));
    plant(join(home, 'videos', 'notes', 'mine.txt'));

    t = await startTestService({ home });
    expect(existsSync(orphan)).toBe(false);
    const left = (sub: string) => readdirSync(join(dir, sub)).sort();
    expect(left('.')).toEqual(['analyses', 'preview-crops', 'preview.json', 'source.mkv.part', 'source.mkv.part.json', 'source.mp4']);
    expect(left('preview-crops')).toEqual(['team_b-1.jpg']);
    expect(readdirSync(join(dir, 'analyses'))).toEqual([String(analysis)]);
    expect(readdirSync(join(results, 'cache'))).toEqual(['tracking-v2.parquet']);
    // A folder the service did not make is not its to remove.
    expect(existsSync(join(home, 'videos', 'notes', 'mine.txt'))).toBe(true);
    expect((await t.api.get(`/v1/videos/${kept}/preview-teams`)).body).toEqual(preview);
    rmSync(join(home, 'videos', 'notes'), { recursive: true });
  });
});
