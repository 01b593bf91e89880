import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { hasSharedData, METRICA_GAME_1 } from '../helpers/shared-data.js';
import { screenshot } from './widget-harness.js';
import { writeFullMatchTruth } from '../../bench/full-match.js';

/**
 * Review and correct on a whole match (issue 33): Metrica Sample Game 1 simulated (seed 7) and imported
 * as a broadcast camera saw it, 2.2 million rows. Naming a track and swapping the squads reach the
 * player table; undo takes both back. Needs ../shared/data (skipped without it).
 */
let t: TestService;
let work: string;
let id: number;

test.skip(!hasSharedData(METRICA_GAME_1), 'needs ../shared/data (Metrica Sample Game 1)');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'full-match-'));
  await writeFullMatchTruth(work, METRICA_GAME_1);
  t = await startTestService();
  const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: work }, view: 'broadcast', home_team_name: 'Home', away_team_name: 'Away', left_start_team: 'home' });
  expect(res.status).toBe(200);
  id = res.body.data.id as number;
  await waitFor(async () => ((await t.api.get(`/v1/analyses/${id}`)).body.data.status === 'done' ? true : undefined), 240_000, 'the import', 500);
});
test.afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a whole match: a track named and the squads swapped reach the player table, undo takes them back', async ({ page }) => {
  // Every step redraws a whole match's table and pitch: 53-57 s alone on two cores, past 90 s in a loaded CI run.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${t.base}/app/#/match/${id}`);
  const review = page.locator('section[aria-labelledby="review-title"]');
  await review.getByLabel('Unnamed only').uncheck();
  const first = review.locator('table.tracks tbody tr').first();
  const track = await first.getAttribute('data-track');
  const old = await first.getByLabel(`Name of track ${track}`).inputValue();
  const renamed = `${old.slice(0, 1)}-88`;
  await first.getByLabel(`Name of track ${track}`).fill(renamed);
  await first.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page.locator(`table.players tbody tr[data-player="${renamed}"]`)).toHaveCount(1);
  await expect(page.locator(`table.players tbody tr[data-player="${old}"]`)).toHaveCount(0);
  await expect(review.getByText('1 correction', { exact: true })).toBeVisible();

  await review.getByRole('button', { name: 'Swap the squads' }).click();
  const swapped = `${old.startsWith('0-') ? 1 : 0}-88`;
  await expect(page.locator(`table.players tbody tr[data-player="${swapped}"]`)).toHaveCount(1);
  await review.locator('table.tracks').scrollIntoViewIfNeeded();
  await screenshot(review, 'app-review-full-match-en');

  await review.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(`table.players tbody tr[data-player="${renamed}"]`)).toHaveCount(1);
  await review.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(`table.players tbody tr[data-player="${old}"]`)).toHaveCount(1);
  await expect(review.getByText('0 corrections', { exact: true })).toBeVisible();
});
