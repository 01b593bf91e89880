import { describe, expect, it } from 'vitest';
import { waitForVideo, type TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';
import { fixture } from '../helpers/fixtures.js';

/**
 * GET /analyses/{id}/tracks/{track_id}/crop on the hand-made match of known-match.ts. A service of its
 * own: with the corrections' tests on one token it came to the 100 requests a minute the rate limit
 * allows, as many as its polls took on a slower run.
 */
let t: TestService;
let known: KnownMatch;

useKnownMatchService((service, match) => {
  t = service;
  known = match;
});

interface Track { track_id: number }

describe('the picture of a track', () => {
  it('a track\'s picture: a JPEG cut from the video at its sample, cached; none for a match without a video', async () => {
    // 12 s: the known match's 10 s fit in it.
    const video = (await t.api.post('/v1/videos', { video_file_url: fixture.big })).body.data;
    await waitForVideo(t.api, video.id, ['available']);
    const id = await importKnownMatch(t.api, known, { video_id: video.id });
    const tracks = await t.api.get<Track[]>(`/v1/analyses/${id}/tracks`);
    expect(tracks.status).toBe(200);
    const [runner] = tracks.body as [Track];
    const get = () => fetch(`${t.base}/v1/analyses/${id}/tracks/${runner.track_id}/crop`, { headers: { authorization: `Bearer ${t.token}` } });
    const res = await get();
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(Buffer.compare(bytes, Buffer.from(await (await get()).arrayBuffer()))).toBe(0);
    const missing = await t.api.get(`/v1/analyses/${id}/tracks/999/crop`);
    expect([missing.status, missing.body]).toEqual([404, { detail: 'track 999 not found' }]);
    const trackingOnly = await importKnownMatch(t.api, known);
    const none = await t.api.get(`/v1/analyses/${trackingOnly}/tracks/0/crop`);
    expect(none.status).toBe(409);
    expect(none.body.detail).toContain('no video file');
  });
});
