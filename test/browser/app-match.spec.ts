import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { screenshot } from './widget-harness.js';

let t: TestService;
let truth: string;
let analysisId: number;

test.beforeAll(async () => {
  t = await startTestService();
  truth = await writeSampleTruth();
  const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truth }, home_team_name: 'Ajax', away_team_name: 'PSV', title: 'Ajax - PSV' });
  expect(res.status).toBe(200);
  analysisId = res.body.data.id as number;
  await waitFor(async () => ((await t.api.get(`/v1/analyses/${analysisId}`)).body.data.status === 'done' ? true : undefined), 60_000, 'the import', 250);
});
test.afterAll(async () => {
  await t?.close();
  rmSync(truth, { recursive: true, force: true });
});

test('the match view: possession, quality, average positions on a pitch, a player table that sorts', async ({ page }) => {
  await page.goto(`${t.base}/app/`);
  await page.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`#/match/${analysisId}$`));
  await expect(page.getByRole('heading', { name: /Ajax\s+–\s+PSV/ })).toBeVisible();

  const summary = (await t.api.get(`/v1/analyses/${analysisId}/summary`)).body;
  const p0 = summary.possession.summary.team_0.pct as number;
  await expect(page.getByRole('img', { name: new RegExp(`^Possession: Ajax ${p0.toFixed(1)}%`) })).toBeVisible();
  const report = (await t.api.get(`/v1/analyses/${analysisId}/team-report`)).body;
  await expect(page.locator('.quality .badge')).toHaveText(({ good: 'Good', fair: 'Fair', degraded: 'Degraded', unreliable: 'Unreliable' } as Record<string, string>)[report.quality.grade] as string);
  // The pitch is drawn (konva's canvas), with as many markers as placed players.
  await expect(page.locator('.pitch canvas')).toHaveCount(1);

  const rows = page.locator('table.players tbody tr');
  await expect(rows).toHaveCount(summary.players.length);
  const byDistance = [...summary.players].sort((a: { stats: { total_distance_m: number } }, b: { stats: { total_distance_m: number } }) => b.stats.total_distance_m - a.stats.total_distance_m);
  await expect(rows.first()).toHaveAttribute('data-player', byDistance[0].player_id);
  await page.getByRole('button', { name: /Top speed/ }).click();
  const bySpeed = [...summary.players].sort((a: { stats: { max_speed_kmh: number } }, b: { stats: { max_speed_kmh: number } }) => b.stats.max_speed_kmh - a.stats.max_speed_kmh);
  await expect(rows.first()).toHaveAttribute('data-player', bySpeed[0].player_id);
  await expect(page.getByRole('columnheader', { name: /Top speed/ })).toHaveAttribute('aria-sort', 'descending');
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.locator('h1').scrollIntoViewIfNeeded();
  await screenshot(page, 'app-match-en');

  // The one-page report of the whole match, kept beside the screenshots to be looked at.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Match report (PNG)' }).click()]);
  const png = readFileSync(await file.path());
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1240, 1754]);
  mkdirSync(join(process.cwd(), 'test-results', 'screenshots'), { recursive: true });
  writeFileSync(join(process.cwd(), 'test-results', 'screenshots', 'app-match-report-full.png'), png);

  await page.getByRole('link', { name: '← Library' }).click();
  await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
});

test('the player view: figures from the player report, pitch layers that redraw, back to the match', async ({ page }) => {
  const summary = (await t.api.get(`/v1/analyses/${analysisId}/summary`)).body;
  const top = [...summary.players].sort((a: { stats: { total_distance_m: number } }, b: { stats: { total_distance_m: number } }) => b.stats.total_distance_m - a.stats.total_distance_m)[0];
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.goto(`${t.base}/app/#/match/${analysisId}`);
  await page.getByRole('link', { name: top.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/match/${analysisId}/player/${top.player_id}$`));
  const report = (await t.api.get(`/v1/analyses/${analysisId}/player-report/${top.player_id}`)).body;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${report.label}`);
  await expect(page.locator('.figures').first()).toContainText(`${(report.physical.distance_m / 1000).toFixed(2)} km`);
  await expect(page.locator('.figures').first()).toContainText(report.physical.top_speed_kmh.toFixed(1));
  // A minute of play is too short for reliable figures: the view says so.
  await expect(page.getByRole('note')).toContainText('Seen too briefly');
  // Two konva layers: the pitch, and what is drawn on it.
  await expect(page.locator('.pitch[data-layer="heatmap"] canvas')).toHaveCount(2);
  await screenshot(page, 'app-player-en');
  await page.getByRole('button', { name: 'Passes and shots' }).click();
  await expect(page.getByRole('button', { name: 'Passes and shots' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.pitch[data-layer="passes"] canvas')).toHaveCount(2);
  await page.getByRole('button', { name: 'Zone and average' }).click();
  await screenshot(page, 'app-player-shape-en');
  // The pass network: lines to the teammates he passed to, or the plain reason there are none.
  await page.getByRole('button', { name: 'Pass network' }).click();
  await expect(page.locator('.pitch[data-layer="network"] canvas')).toHaveCount(2);
  const team = (await t.api.get(`/v1/analyses/${analysisId}/team-report`)).body.teams.find((x: { team: number }) => x.team === report.team);
  const known = report.on_ball.network.filter((l: { player_id: string }) => team.average_positions.some((p: { player_id: string }) => p.player_id === l.player_id));
  if (known.length === 0) await expect(page.getByText('No pass reached a teammate whose average position is known.')).toBeVisible();
  else await expect(page.getByText('No pass reached a teammate whose average position is known.')).toHaveCount(0);
  await screenshot(page, 'app-player-network-en');
  // Thirds minute by minute, one cell per minute up to the last one he was seen.
  const minutes = report.position.third_timeline as { minute: number }[];
  await expect(page.locator('.thirds > span')).toHaveCount(Math.max(...minutes.map((m) => m.minute)) + 1);
  // An import without a video has no pictures: the view says why.
  await expect(page.getByText('No pictures: this analysis has no video')).toBeVisible();
  await page.getByRole('link', { name: '← Back to the match' }).click();
  await expect(page).toHaveURL(new RegExp(`#/match/${analysisId}$`));
});

test('an analysis that does not exist shows the error state with the way back', async ({ page }) => {
  await page.goto(`${t.base}/app/#/match/999999`);
  await expect(page.getByRole('alert')).toContainText('This match could not be opened.');
  await expect(page.getByRole('link', { name: 'Back to the library' })).toBeVisible();
});
