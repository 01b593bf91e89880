import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startTestService, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { decodeTrackingParquet } from '../../engine/io/tracking-parquet-read.js';
import { probeVideo } from '../../engine/io/probe.js';
import { ensureWidgetClip } from './widget-clip.js';
import { importKnownMatch, writeKnownMatch } from '../helpers/known-match.js';
import { screenshot } from './widget-harness.js';

/**
 * The analysed video in the app: a rendered 8 s broadcast clip is registered and analysed by the
 * video engine to done; the match view plays it with the tracked players drawn over it and exports
 * files that read back. The clip builder works on the hand-made match of known-match.ts attached to the
 * same clip (its possession and ball actions are known: Ajax [0, 6) s, PSV from 6 s, a pass at 2 s and
 * a shot at 5 s), finds intervals, plays them back to back, and exports them.
 */
let t: TestService;
let analysisId: number;
let knownId: number;
let known: ReturnType<typeof writeKnownMatch>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  t = await startTestService({ minAnalysisSeconds: 0 });
  const video = (await t.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), home_team_name: 'Ajax', away_team_name: 'PSV', title: 'Ajax - PSV', left_start_team: 'home' })).body.data;
  analysisId = (await t.api.post(`/v1/videos/${video.id}/analysis`)).body.data.id as number;
  const done = await waitFor(async () => {
    const a = (await t.api.get(`/v1/analyses/${analysisId}`)).body.data;
    return ['done', 'error', 'no_match_detected'].includes(a.status) ? a : undefined;
  }, 200_000, 'the analysis', 1000);
  expect(done.status).toBe('done');
  known = writeKnownMatch();
  const again = (await t.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), home_team_name: 'Ajax', away_team_name: 'PSV', left_start_team: 'home' })).body.data;
  await waitForVideo(t.api, again.id, ['available']);
  knownId = await importKnownMatch(t.api, known, { video_id: again.id });
});
test.afterAll(async () => {
  await t?.close();
  rmSync(known.dir, { recursive: true, force: true });
});

/** The parts of the page's elements the test touches (the test code is type-checked without the DOM library). */
interface VideoEl { readyState: number; paused: boolean; ended: boolean; currentTime: number; duration: number; muted: boolean; play(): Promise<void>; pause(): void }
interface CanvasEl { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Canvas pixels that are not transparent: the overlay drew something. */
const overlayInk = (page: Page) => page.locator('canvas.overlay').first().evaluate((el) => {
  const c = el as unknown as CanvasEl;
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) n++;
  return n;
});

test('the match view plays the analysed video with the tracked players over it, and its exports read back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${t.base}/app/#/match/${analysisId}`);
  const video = page.getByLabel('Match video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoEl).readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((el) => { const v = el as unknown as VideoEl; v.muted = true; v.currentTime = 3; return v.play(); });
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { __overlayStats?: { frames: number } }).__overlayStats?.frames ?? 0)).toBeGreaterThan(25);
  await expect.poll(() => overlayInk(page)).toBeGreaterThan(500);
  await video.evaluate((el) => (el as unknown as VideoEl).pause());
  await page.getByLabel('Match video').scrollIntoViewIfNeeded();
  await screenshot(page, 'app-video-overlay-en');
  // At its end the video shows its last frame, and the overlay that frame's players: played to the end,
  // and sought there.
  await video.evaluate((el) => { const v = el as unknown as VideoEl; v.currentTime = v.duration - 0.3; return v.play(); });
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoEl).ended)).toBe(true);
  await expect.poll(() => overlayInk(page)).toBeGreaterThan(500);
  await video.evaluate((el) => { const v = el as unknown as VideoEl; v.currentTime = v.duration; });
  await expect.poll(() => overlayInk(page)).toBeGreaterThan(500);
  // Turning the overlay off clears it.
  await page.getByLabel('Show tracked players and ball').uncheck();
  await video.evaluate((el) => { (el as unknown as VideoEl).currentTime = 4; });
  await expect.poll(() => overlayInk(page)).toBe(0);

  const png = await download(page, () => page.getByRole('button', { name: 'Match report (PNG)' }).click());
  expect(png.name).toMatch(/_match-report\.png$/);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1240, 1754]);
  // Kept beside the screenshots, to be opened and looked at.
  const shots = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(shots, { recursive: true });
  writeFileSync(join(shots, 'app-match-report.png'), png.bytes);

  const reports = await download(page, () => page.getByRole('button', { name: 'Reports (JSON)' }).click());
  const parsed = JSON.parse(reports.bytes.toString('utf8'));
  expect(parsed.analysis_id).toBe(analysisId);
  expect(parsed.team_report.teams.map((x: { name: string }) => x.name).sort()).toEqual(['Ajax', 'PSV']);

  const parquet = await download(page, () => page.getByRole('button', { name: 'Tracking (Parquet)' }).click());
  expect(parquet.name).toMatch(new RegExp(`_analysis-${analysisId}_tracking\\.parquet$`));
  const cols = decodeTrackingParquet(new Uint8Array(parquet.bytes));
  const json = await download(page, () => page.getByRole('button', { name: 'Tracking (JSON)' }).click());
  const rows = JSON.parse(json.bytes.toString('utf8')) as { timestamp: number }[];
  expect(cols.length).toBeGreaterThan(1000);
  expect(rows.length).toBe(cols.length);
  expect(rows[rows.length - 1]?.timestamp).toBe(cols.timestamp[cols.length - 1]);
});

test('review on the engine-analysed clip: a player picked on the video is shown first and named in place; the tracks to name list the unnamed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${t.base}/app/#/match/${analysisId}`);
  const review = page.locator('section[aria-labelledby="review-title"]');
  const tracks = (await t.api.get(`/v1/analyses/${analysisId}/tracks`)).body as { track_id: number; player_id: string | null; role: string; team: string | null }[];
  const unnamed = tracks.filter((k) => k.player_id === null && k.role !== 'referee');
  await expect(review.locator('table.tracks tbody tr')).toHaveCount(Math.min(40, unnamed.length));
  // Each row shows its person, cut from the video (judged by eye in the screenshot).
  await expect(review.locator('table.tracks img.track-crop').first()).toBeVisible();
  await review.locator('table.tracks').scrollIntoViewIfNeeded();
  await screenshot(review.locator('table.tracks'), 'app-review-tracks-engine-en');
  // Naming from the keyboard: type, Enter, and the next track to name has the keyboard.
  const rows = review.locator('table.tracks:not(.picked) tbody tr');
  const second = await rows.nth(1).getAttribute('data-track');
  await rows.first().locator('input[list="known-players"]').fill('78');
  await page.keyboard.press('Enter');
  await expect(review.locator(`table.tracks tbody tr[data-track="${second}"] input[list="known-players"]`)).toBeFocused();
  await review.getByRole('button', { name: 'Undo' }).click();
  await expect(review.getByRole('button', { name: 'Undo' })).toBeDisabled();
  const video = page.getByLabel('Match video');
  await expect.poll(() => video.evaluate((el) => (el as unknown as VideoEl).readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((el) => { (el as unknown as VideoEl).currentTime = 2; });
  await expect.poll(() => overlayInk(page)).toBeGreaterThan(500);
  // A person the engine tracked at 2 s, and where his box's foot point is on the screen.
  const w = (await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=1980&to_ms=2020`)).body;
  const i = (w.track_id as (number | null)[]).findIndex((k, n) => k !== null && w.role[n] !== 'ball' && w.bbox_x[n] !== null && tracks.find((x) => x.track_id === k)?.team);
  expect(i).toBeGreaterThanOrEqual(0);
  const track = w.track_id[i] as number;
  const at = await video.evaluate((el, p) => {
    const v = el as unknown as { videoWidth: number; videoHeight: number; getBoundingClientRect(): { width: number; height: number } };
    const b = v.getBoundingClientRect();
    const s = Math.min(b.width / v.videoWidth, b.height / v.videoHeight);
    return { x: (b.width - v.videoWidth * s) / 2 + p.x * s, y: (b.height - v.videoHeight * s) / 2 + p.y * s - 4 };
  }, { x: w.bbox_x[i] as number, y: w.bbox_y[i] as number });
  await page.getByLabel('Pick a player on the video').check();
  // The overlay redraws every frame, which Playwright's stability wait never sees settle.
  await page.locator('canvas.overlay').click({ position: at, force: true });
  await expect(review.getByRole('heading', { name: `Track ${track}, picked on the video` })).toBeVisible();
  const field = review.locator('table.picked').getByLabel(`Name of track ${track}`);
  await expect(field).toBeFocused();
  await field.fill('77');
  await page.keyboard.press('Enter');
  const team = tracks.find((x) => x.track_id === track)?.team;
  const named = `${team === 'team_0' ? 0 : 1}-77`;
  await expect(page.locator(`table.players tbody tr[data-player="${named}"]`)).toHaveCount(1);
  await screenshot(page.locator('section[aria-labelledby="video-title"]'), 'app-review-pick-en');
  // Taken back, so the clip builder below sees the engine's results.
  await review.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(`table.players tbody tr[data-player="${named}"]`)).toHaveCount(0);
});

test('the clip builder: conditions, intervals on a timeline, played back to back, exported as CSV, EDL and MP4', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${t.base}/app/#/match/${knownId}`);
  await page.getByRole('link', { name: 'Clip builder' }).click();
  await expect(page).toHaveURL(new RegExp(`#/match/${knownId}/clips$`));
  await expect(page.getByRole('heading', { name: 'Clips: Ajax – PSV' })).toBeVisible();

  // An incomplete condition says so and cannot be sent.
  await page.getByRole('button', { name: 'Add a condition' }).click();
  const second = page.locator('li.condition').nth(1);
  for (const a of ['Passes', 'Carries', 'Shots']) await second.getByLabel(a).uncheck();
  await expect(second.getByRole('alert')).toHaveText('Tick at least one action.');
  await expect(page.getByRole('button', { name: 'Find clips' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove condition 2' }).click();

  // Ajax on the ball, or PSV on the ball: the same intervals the API gives for that body.
  await page.getByRole('radio', { name: 'Any of them (OR)' }).check();
  await page.getByRole('button', { name: 'Add a condition' }).click();
  await second.getByLabel('What to look for').selectOption('team_possession');
  await second.getByLabel('Team').selectOption({ label: 'PSV' });
  await page.getByRole('button', { name: 'Add a condition' }).click();
  await page.locator('li.condition').nth(2).getByLabel('Team').selectOption({ label: 'Ajax' });
  await page.getByLabel('Seconds before and after').fill('1');
  await page.getByRole('button', { name: 'Find clips' }).click();
  const expected = (await t.api.post(`/v1/analyses/${knownId}/query-intervals`, {
    operator: 'OR', pad_sec: 1, filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'team_possession', teams: ['team_1'] }, { type: 'ball_action', actions: ['pass', 'drive', 'shot'], teams: ['team_0'] }],
  })).body as { start: number; end: number; label: string }[];
  // Possession spells and ball actions, labels kept: team_0 [0, 6), the pass, the shot, team_1 from 6 s.
  expect(expected.map((iv) => iv.label).sort()).toEqual(['pass', 'shot', 'team_0', 'team_1']);
  await expect(page.locator('.timeline .segment')).toHaveCount(expected.length);
  await expect(page.locator('.interval-list li')).toHaveCount(expected.length);

  // Play all: the video starts at the first interval and moves on through the list.
  await page.getByLabel('Match video').evaluate((el) => { (el as unknown as VideoEl).muted = true; });
  await expect.poll(() => page.getByLabel('Match video').evaluate((el) => (el as unknown as VideoEl).readyState)).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Play all' }).click();
  const first = expected[0] as { start: number; end: number };
  await expect.poll(() => page.getByLabel('Match video').evaluate((el) => { const v = el as unknown as VideoEl; return v.paused ? -1 : v.currentTime; })).toBeGreaterThanOrEqual(first.start);
  await expect(page.locator('.interval-list li').first()).toHaveAttribute('aria-current', 'true');
  if (expected.length > 1) await expect(page.locator('.interval-list li').nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 20_000 });
  await screenshot(page, 'app-clips-en');

  const csv = await download(page, () => page.getByRole('button', { name: 'CSV' }).click());
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('index,start_sec,end_sec,duration_sec,start,end,label,type,player_id,team_id');
  expect(lines).toHaveLength(expected.length + 1);
  expect(Number(lines[1]?.split(',')[1])).toBeCloseTo(first.start, 2);
  const edl = await download(page, () => page.getByRole('button', { name: 'EDL' }).click());
  expect(edl.name).toMatch(/\.edl$/);
  expect(edl.bytes.toString('utf8').match(/^\d{3} {2}\S+ +V +C +/gm)).toHaveLength(expected.length);

  const mp4 = await download(page, () => page.getByRole('button', { name: 'Export video (MP4)' }).click());
  expect(mp4.name).toMatch(/_clips\.mp4$/);
  const out = `${mkdtempSync('/tmp/clips-')}/clips.mp4`;
  writeFileSync(out, mp4.bytes);
  // The hand-made match runs 10 s over an 8 s clip: the service cuts what the video holds.
  const length = (await probeVideo(await ensureWidgetClip())).duration_seconds;
  const total = expected.reduce((s, iv) => s + Math.max(0, Math.min(iv.end, length) - iv.start), 0);
  expect((await probeVideo(out)).duration_seconds).toBeCloseTo(total, 0);
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible();
});
