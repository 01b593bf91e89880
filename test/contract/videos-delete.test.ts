import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../helpers/fixtures.js';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { startTestService, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';
import { videoDir } from '../../main/service/store/paths.js';

let t: TestService;
let files: FileServer;
beforeAll(async () => {
  t = await startTestService();
  files = await startFileServer(fixture.big);
});
afterAll(async () => {
  await files.close();
  await t.close();
});

async function newVideo(): Promise<number> {
  const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
  await waitForVideo(t.api, id);
  return id;
}

describe('DELETE /v1/videos/{id}', () => {
  it('[VID-07] 204 with no body; the video, its analyses and its files are gone for good', async () => {
    const id = await newVideo();
    const analysis = insertAnalysis(t.service.context.db, id, 'done');
    const dir = videoDir(t.home, id);
    mkdirSync(join(dir, 'analyses', String(analysis)), { recursive: true });
    writeFileSync(join(dir, 'analyses', String(analysis), 'tracking.parquet'), 'x');
    const res = await t.api.del(`/v1/videos/${id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.api.get(`/v1/videos/${id}`)).status).toBe(404);
    expect(existsSync(dir)).toBe(false);
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM analyses WHERE id = ?').pluck().get(analysis)).toBe(0);
    expect((await t.api.del(`/v1/videos/${id}`)).status).toBe(404);
  });

  it('[VID-07] a local source is never deleted (it was read in place, not copied)', async () => {
    const id = await newVideo();
    await t.api.del(`/v1/videos/${id}`);
    expect(existsSync(fixture.clip)).toBe(true);
  });

  it('[VID-07] 409 { message } while an analysis is running; nothing is removed', async () => {
    const id = await newVideo();
    const analysis = insertAnalysis(t.service.context.db, id, 'running');
    const res = await t.api.del(`/v1/videos/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/running analysis.*retry/);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data.analyses).toEqual([{ id: analysis, status: 'running' }]);
    t.service.context.db.prepare("UPDATE analyses SET status = 'done' WHERE id = ?").run(analysis);
    expect((await t.api.del(`/v1/videos/${id}`)).status).toBe(204);
  });

  it('[VID-07] init, waiting_for_video and waiting_for_meta analyses do not block: they are abandoned', async () => {
    const id = await newVideo();
    for (const status of ['init', 'waiting_for_video', 'waiting_for_meta', 'error', 'done']) insertAnalysis(t.service.context.db, id, status);
    expect((await t.api.del(`/v1/videos/${id}`)).status).toBe(204);
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM analyses WHERE video_id = ?').pluck().get(id)).toBe(0);
  });

  it('concurrent deletes: exactly one 204, the rest 404, nothing else disturbed', async () => {
    const id = await newVideo();
    const keep = await newVideo();
    const results = await Promise.all(Array.from({ length: 6 }, () => t.api.del(`/v1/videos/${id}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([204, 404, 404, 404, 404, 404]);
    expect((await t.api.get(`/v1/videos/${keep}`)).body.data.status).toBe('available');
  });

  it('deleting during a download stops it and leaves no files behind', async () => {
    files.setOptions({ range: true, throttle: 200_000 });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id as number;
    await waitFor(async () => {
      const v = (await t.api.get(`/v1/videos/${id}`)).body.data;
      return v.status === 'downloading' && v.source.bytes_downloaded > 0 ? v : undefined;
    }, 20_000, 'download to start');
    expect((await t.api.del(`/v1/videos/${id}`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 400));
    expect(existsSync(videoDir(t.home, id))).toBe(false);
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM jobs WHERE video_id = ?').pluck().get(id)).toBe(0);
  });
});
