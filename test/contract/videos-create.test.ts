import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { fixture } from '../helpers/fixtures.js';
import { startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('POST /v1/videos', () => {
  it('[VID-05] answers { data: { id, status: init, game_name, title, created_at } } with 200', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, title: 'Derby' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['created_at', 'game_name', 'id', 'status', 'title']);
    expect(res.body.data.status).toBe('init');
    expect(res.body.data.title).toBe('Derby');
    expect(Number.isInteger(res.body.data.id)).toBe(true);
    expect(new Date(res.body.data.created_at).toISOString()).toBe(res.body.data.created_at);
  });

  it('[VID-02] names default to Team Left / Team Right', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip });
    const video = (await t.api.get(`/v1/videos/${res.body.data.id}`)).body.data;
    expect(video.home_team_name).toBe('Team Left');
    expect(video.away_team_name).toBe('Team Right');
  });

  it('[VID-03] game_name is unique, YYYY-MM-DD_<fixture>-<n>', async () => {
    const body = { video_file_url: fixture.clip, home_team_name: 'Ajax', away_team_name: 'PSV', date: '2026-05-03' };
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await t.api.post('/v1/videos', body)).body.data.game_name);
    expect(names).toEqual(['2026-05-03_ajax-psv-1', '2026-05-03_ajax-psv-2', '2026-05-03_ajax-psv-3']);
    expect(new Set(names).size).toBe(3);
  });

  it('[VID-06] accepts every documented field and stores it', async () => {
    const res = await t.api.post('/v1/videos', {
      video_file_url: pathToFileURL(fixture.clip).href,
      title: 'Cup final', home_team_name: 'Feyenoord', away_team_name: 'AZ', date: '2026-04-21',
      start_offset_seconds: 1, end_offset_seconds: 3, left_start_team: 'away',
    });
    expect(res.status).toBe(200);
    const video = (await t.api.get(`/v1/videos/${res.body.data.id}`)).body.data;
    expect(video).toMatchObject({
      title: 'Cup final', home_team_name: 'Feyenoord', away_team_name: 'AZ', date: '2026-04-21',
      start_offset_seconds: 1, end_offset_seconds: 3, left_start_team: 'away', team_zero: null,
      mp4_source: pathToFileURL(fixture.clip).href,
    });
  });

  it('[VID-13] registration starts ingest in the background: the video becomes available', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip });
    const video = await waitForVideo(t.api, res.body.data.id);
    expect(video.status).toBe('available');
    expect(video.duration).toBe(4);
  });

  it('defaults the title to the file name', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip });
    expect(res.body.data.title).toBe('clip-4s-320x180-25fps');
  });

  it('trims names and refuses blank ones', async () => {
    const ok = await t.api.post('/v1/videos', { video_file_url: fixture.clip, home_team_name: '  Ajax  ' });
    expect((await t.api.get(`/v1/videos/${ok.body.data.id}`)).body.data.home_team_name).toBe('Ajax');
    const blank = await t.api.post('/v1/videos', { video_file_url: fixture.clip, home_team_name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toMatch(/home_team_name.*blank/);
  });
});

describe('POST /v1/videos: bad input', () => {
  const cases: [string, unknown, RegExp][] = [
    ['missing video_file_url', { title: 'x' }, /missing the required field 'video_file_url'/],
    ['video_file_url of the wrong type', { video_file_url: 42 }, /'video_file_url' must be string, got 42/],
    ['title of the wrong type', { video_file_url: fixture.clip, title: ['a'] }, /'title' must be string/],
    ['string where an integer is expected', { video_file_url: fixture.clip, start_offset_seconds: '5' }, /'start_offset_seconds' must be integer or null, got '5'/],
    ['fractional offset', { video_file_url: fixture.clip, start_offset_seconds: 1.5 }, /'start_offset_seconds' must be integer/],
    ['negative offset', { video_file_url: fixture.clip, start_offset_seconds: -1 }, /'start_offset_seconds' must be >= 0/],
    ['end before start', { video_file_url: fixture.clip, start_offset_seconds: 10, end_offset_seconds: 5 }, /end_offset_seconds.*greater than.*start_offset_seconds/],
    ['malformed date', { video_file_url: fixture.clip, date: '21-04-2026' }, /'date' has the wrong format/],
    ['impossible date', { video_file_url: fixture.clip, date: '2026-02-30' }, /not a calendar date/],
    ['name over 100 characters', { video_file_url: fixture.clip, home_team_name: 'x'.repeat(101) }, /'home_team_name' must be at most 100 characters/],
    ['left_start_team unknown', { video_file_url: fixture.clip, left_start_team: 'unknown' }, /'left_start_team' must be 'home' or 'away'/],
    ['relative path', { video_file_url: 'videos/match.mp4' }, /relative path/],
    ['unsupported scheme', { video_file_url: 'ftp://example.com/match.mp4' }, /unsupported scheme/],
    ['missing local file', { video_file_url: '/nonexistent/dir/match.mp4' }, /no file at \/nonexistent\/dir\/match.mp4/],
    ['a directory', { video_file_url: '/tmp' }, /not a regular file/],
    ['empty url', { video_file_url: '' }, /'video_file_url' must not be empty/],
    ['a body that is not an object', ['x'], /body must be object/],
  ];
  for (const [name, body, message] of cases) {
    it(`422 with a message naming the field: ${name}`, async () => {
      const res = await t.api.post('/v1/videos', body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toMatch(message);
      expect(res.headers.get('x-touchline-error')).toBe('VALIDATION_FAILED');
    });
  }

  it('[GEN-09] team_a where home/away is expected -> 422 that explains the vocabularies', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, left_start_team: 'team_a' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/'left_start_team' must be 'home' or 'away', not 'team_a'.*detected kits.*fixture role/);
  });

  it('[GEN-07] wait_for and wait_for_timeout_minutes do not exist (unknown fields)', async () => {
    for (const field of ['wait_for', 'wait_for_timeout_minutes']) {
      const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, [field]: 5 });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(new RegExp(`unknown field '${field}'.*nothing in the service waits on the client`));
    }
  });

  it('unknown fields are refused, not silently dropped', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, home_name: 'Ajax' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("unknown field 'home_name' in body");
  });

  it('malformed JSON -> 400 { message }', async () => {
    const res = await t.api.request('POST', '/v1/videos', { raw: '{"video_file_url": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid JSON/);
  });

  it('empty JSON body -> 400 { message }', async () => {
    const res = await t.api.request('POST', '/v1/videos', { raw: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/body is empty/);
  });

  it('prototype pollution attempt -> 400', async () => {
    const res = await t.api.request('POST', '/v1/videos', { raw: `{"video_file_url":"${fixture.clip}","__proto__":{"admin":true}}` });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('message');
  });

  it('a body over the limit -> 413 { message }', async () => {
    const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, title: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('a body that is not JSON -> 415 { message }', async () => {
    const res = await t.api.request('POST', '/v1/videos', { raw: 'video_file_url=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/must be JSON/);
  });

  it('refused requests store nothing', async () => {
    const before = (await t.api.get('/v1/videos?per_page=100')).body.meta.total;
    await t.api.post('/v1/videos', { video_file_url: '/nonexistent.mp4' });
    await t.api.post('/v1/videos', { video_file_url: fixture.clip, wait_for: true });
    await t.api.request('POST', '/v1/videos', { raw: '{' });
    expect((await t.api.get('/v1/videos?per_page=100')).body.meta.total).toBe(before);
  });
});
