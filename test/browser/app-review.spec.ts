import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';
import { ensureWidgetClip } from './widget-clip.js';
import { importKnownMatch, writeKnownMatch } from '../helpers/known-match.js';
import { screenshot } from './widget-harness.js';

/**
 * Review and correct in the match view (issue 33), on the hand-made match of known-match.ts attached to
 * the rendered widget clip: 0-7 (team_0) runs all 10 s and passes at 2 s and shoots at 5 s; 1-4
 * (team_1) walks. The analyst renames a track, undoes and redoes it, deletes and adds events and swaps
 * the squads; the player table, events and log follow each change.
 */
let t: TestService;
let id: number;
let known: ReturnType<typeof writeKnownMatch>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await startTestService({ minAnalysisSeconds: 0 });
  known = writeKnownMatch();
  const video = (await t.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), home_team_name: 'Ajax', away_team_name: 'PSV', left_start_team: 'home' })).body.data;
  await waitForVideo(t.api, video.id, ['available']);
  id = await importKnownMatch(t.api, known, { video_id: video.id });
});
test.afterAll(async () => {
  await t?.close();
  rmSync(known.dir, { recursive: true, force: true });
});

test('name a track, undo and redo, delete and add events, swap the squads: everything follows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${t.base}/app/#/match/${id}`);
  const review = page.locator('section[aria-labelledby="review-title"]');
  await expect(review.getByRole('heading', { name: 'Review and correct' })).toBeVisible();
  const players = page.locator('table.players tbody tr');
  await expect(page.locator('table.players tbody tr[data-player="0-7"]')).toHaveCount(1);

  // Both tracks carry an id already: the unnamed list is empty until the filter is off.
  await expect(review.getByText('No tracks to show.')).toBeVisible();
  await review.getByLabel('Unnamed only').uncheck();
  const runner = (await t.api.get(`/v1/analyses/${id}/tracks`)).body.find((k: { player_id: string }) => k.player_id === '0-7');
  const row = review.locator(`tr[data-track="${runner.track_id}"]`);
  await expect(row).toBeVisible();
  await row.getByLabel(`Name of track ${runner.track_id}`).fill('9');
  await row.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page.locator('table.players tbody tr[data-player="0-9"]')).toHaveCount(1);
  await expect(page.locator('table.players tbody tr[data-player="0-7"]')).toHaveCount(0);
  await expect(review.getByText('1 correction')).toBeVisible();
  await review.locator('.event-list').scrollIntoViewIfNeeded();
  await screenshot(review, 'app-review-en');

  await review.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('table.players tbody tr[data-player="0-7"]')).toHaveCount(1);
  await expect(review.getByText('0 corrections')).toBeVisible();
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.locator('table.players tbody tr[data-player="0-9"]')).toHaveCount(1);
  await expect(players).toHaveCount(2);

  // The shot at 0:05 follows its track's new name; deleted, then a tackle added at 0:07 for 1-4.
  await review.getByLabel('Type', { exact: true }).selectOption('shot');
  const events = review.locator('.event-list li');
  await expect(events).toHaveCount(1);
  await expect(events.first().getByLabel('Player of shot 0:05')).toHaveValue('0-9');
  await events.first().getByRole('button', { name: 'Delete shot 0:05' }).click();
  await expect(review.getByText('No events of this type.')).toBeVisible();
  await review.getByLabel('Type', { exact: true }).selectOption('tackle');
  await review.getByLabel('Add an event: Type').selectOption('tackle');
  await review.getByLabel('Add an event: Team').selectOption('PSV');
  await review.getByLabel('Add an event: Player').fill('4');
  await review.getByLabel('Add an event: At').fill('0:07');
  await review.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText('0:07');
  await expect(events.first().getByLabel('Player of tackle 0:07')).toHaveValue('1-4');
  const added = (await t.api.get(`/v1/analyses/${id}/events?type=tackle`)).body;
  expect(added).toEqual([expect.objectContaining({ start_ms: 7000, team: 'team_1', player_id: '1-4' })]);
  // Edited: the tackle was 0-9's, of the other squad, a second later.
  await events.first().getByLabel('Team of tackle 0:07').selectOption('Ajax');
  await events.first().getByLabel('Player of tackle 0:07').fill('9');
  await events.first().getByLabel('Time of tackle 0:07').fill('0:08');
  await events.first().getByRole('button', { name: 'Save', exact: true }).click();
  await expect(events.first().getByLabel('Player of tackle 0:08')).toHaveValue('0-9');
  expect((await t.api.get(`/v1/analyses/${id}/events?type=tackle`)).body).toEqual([expect.objectContaining({ start_ms: 8000, end_ms: 8040, team: 'team_0', player_id: '0-9' })]);
  // Its properties, as the schema endpoint lists a tackle's: won, against 1-4, where.
  await events.first().getByText('Properties', { exact: true }).click();
  await events.first().getByLabel('won of tackle 0:08').selectOption('yes');
  await events.first().getByLabel('opponent_player_id of tackle 0:08').fill('1-4');
  await events.first().getByLabel('x of tackle 0:08').fill('abc');
  await expect(events.first().getByText('A value does not fit its property.')).toBeVisible();
  await expect(events.first().getByRole('button', { name: 'Save properties' })).toBeDisabled();
  await events.first().getByLabel('x of tackle 0:08').fill('30.5');
  await screenshot(events.first(), 'app-event-properties');
  await events.first().getByRole('button', { name: 'Save properties' }).click();
  await expect.poll(async () => (await t.api.get(`/v1/analyses/${id}/events?type=tackle`)).body[0]?.properties)
    .toEqual({ won: true, opponent_player_id: '1-4', x: 30.5 });
  // The row is made again, closed, once the list reads the saved properties back (its key holds them); the
  // store can answer before that, and a click on the old, open row would close it.
  await expect(events.first().getByRole('form', { name: 'Properties of tackle 0:08' })).toHaveCount(0);
  await events.first().getByText('Properties', { exact: true }).click();
  await expect(events.first().getByLabel('x of tackle 0:08')).toHaveValue('30.5');
  await expect(events.first().getByLabel('won of tackle 0:08')).toHaveValue('true');

  await review.getByRole('button', { name: 'Swap the squads' }).click();
  await expect(page.locator('table.players tbody tr[data-player="1-9"]')).toHaveCount(1);
  await expect(page.locator('table.players tbody tr[data-player="0-4"]')).toHaveCount(1);
  const log = (await t.api.get(`/v1/analyses/${id}/corrections`)).body;
  expect(log.entries.map((e: { action: { kind: string; correction?: { op: string } } }) => e.action.correction?.op ?? e.action.kind))
    .toEqual(['name_track', 'undo', 'redo', 'delete_event', 'add_event', 'edit_event', 'edit_event', 'swap_squads']);
});

test('a refused correction says why and changes nothing', async ({ page }) => {
  await page.goto(`${t.base}/app/#/match/${id}`);
  const review = page.locator('section[aria-labelledby="review-title"]');
  await review.getByLabel('Unnamed only').uncheck();
  const before = (await t.api.get(`/v1/analyses/${id}/corrections`)).body.version;
  const walker = (await t.api.get(`/v1/analyses/${id}/tracks`)).body.find((k: { team: string }) => k.team === 'team_0');
  const row = review.locator(`tr[data-track="${walker.track_id}"]`);
  // A team_1 id on a team_0 track: refused by the service, in words.
  await row.getByLabel(`Name of track ${walker.track_id}`).fill('1-5');
  await row.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(review.getByRole('status')).toContainText('change the track\'s squad first');
  expect((await t.api.get(`/v1/analyses/${id}/corrections`)).body.version).toBe(before);
});
