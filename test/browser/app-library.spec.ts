import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startTestService, type TestService } from '../helpers/test-service.js';
import { ensureWidgetClip } from './widget-clip.js';
import { screenshot } from './widget-harness.js';

let t: TestService;
test.beforeAll(async () => {
  t = await startTestService();
  const clip = await ensureWidgetClip();
  for (const [title, home, away] of [['Ajax - PSV', 'Ajax', 'PSV'], ['Feyenoord - AZ', 'Feyenoord', 'AZ'], ['Brügge - Genk', 'Club Brügge', 'Genk']]) {
    const res = await t.api.post('/v1/videos', { video_file_url: clip, title, home_team_name: home, away_team_name: away });
    expect(res.status).toBe(200);
  }
});
test.afterAll(async () => {
  await t?.close();
});

test('the library lists every video with its status; search, sort and delete with confirmation work', async ({ page }) => {
  await page.goto(`${t.base}/app/`);
  const rows = page.locator('table.videos tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('3 videos')).toBeVisible();
  // Newest first by default.
  await expect(rows.first()).toContainText('Brügge - Genk');
  await expect(page.locator('table.videos tbody tr').filter({ hasText: 'Ajax - PSV' })).toContainText('Ajax – PSV');
  await expect(rows.filter({ hasText: 'Ready' })).toHaveCount(3, { timeout: 30_000 });
  await screenshot(page, 'app-library-en');

  // Search ignores case and accents, over titles and team names.
  await page.getByRole('searchbox', { name: 'Search videos' }).fill('brugge');
  await expect(rows).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search videos' }).fill('nothing like it');
  await expect(page.getByText('No video matches “nothing like it”.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search videos' }).fill('');
  await page.getByLabel('Sort by').selectOption('title');
  await expect(rows.first()).toContainText('Ajax - PSV');

  // Delete asks first; cancelling keeps the video, confirming removes it here and in the API.
  await page.getByRole('button', { name: 'Delete: Feyenoord - AZ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Feyenoord - AZ”?' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'app-library-delete-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete: Feyenoord - AZ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(2);
  const left = (await t.api.get('/v1/videos')).body.data.map((v: { title: string }) => v.title);
  expect(left.sort()).toEqual(['Ajax - PSV', 'Brügge - Genk']);
});

test('the app speaks Dutch for a Dutch browser; the page refuses to be framed', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  const res = await page.goto(`${t.base}/app/`);
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { name: 'Bibliotheek' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Zoek video’s' })).toBeVisible();
  await screenshot(page, 'app-library-nl');
  await context.close();
});

test('an empty library says how to add a video', async ({ page }) => {
  const empty = await startTestService();
  try {
    await page.goto(`${empty.base}/app/`);
    await expect(page.getByText('No videos yet')).toBeVisible();
    await expect(page.getByText('POST /v1/videos')).toBeVisible();
  } finally {
    await empty.close();
  }
});

test('an analysis shows its progress bar while it runs, then its result', async ({ page }) => {
  const s = await startTestService({ minAnalysisSeconds: 0 });
  try {
    const video = (await s.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), title: 'Progress clip' })).body.data;
    await expect.poll(async () => (await s.api.get(`/v1/videos/${video.id}`)).body.data.status, { timeout: 30_000 }).toBe('available');
    await s.api.post(`/v1/videos/${video.id}/analysis`, {});
    await page.goto(`${s.base}/app/`);
    const bar = page.getByRole('progressbar', { name: /Analysing|Queued|Reading the kits/ });
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'app-library-progress-en');
    await expect(page.locator('tr', { hasText: 'Progress clip' }).getByText('Analysed')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } finally {
    await s.close();
  }
});

test('a running analysis can be stopped from the library, after a confirmation', async ({ page }) => {
  // An engine that reports progress and never finishes: the analysis stays running until stopped.
  const s = await startTestService({ minAnalysisSeconds: 0, engineWorker: fileURLToPath(new URL('../fixtures/workers/hanging-worker.mjs', import.meta.url)) });
  try {
    const video = (await s.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), title: 'Long match' })).body.data;
    await expect.poll(async () => (await s.api.get(`/v1/videos/${video.id}`)).body.data.status, { timeout: 30_000 }).toBe('available');
    const analysis = (await s.api.post(`/v1/videos/${video.id}/analysis`, {})).body.data;
    await page.goto(`${s.base}/app/`);
    const row = page.locator('tr', { hasText: 'Long match' });
    await expect(row.getByRole('progressbar', { name: 'Analysing' })).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Stop: Long match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop the analysis of “Long match”?' });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'app-library-stop-en');
    // Changing one's mind leaves it running.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('progressbar')).toBeVisible();
    await row.getByRole('button', { name: 'Stop: Long match' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop' }).click();
    await expect(row.getByText('Analysis failed')).toBeVisible();
    await expect(row.getByRole('progressbar')).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
    expect((await s.api.get(`/v1/analyses/${analysis.id}`)).body.data).toMatchObject({ status: 'error', status_reason: 'cancelled by the user' });
  } finally {
    await s.close();
  }
});
