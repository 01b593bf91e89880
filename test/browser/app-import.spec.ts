import { expect, test } from '@playwright/test';
import { startTestService, type TestService } from '../helpers/test-service.js';
import { ensureWidgetClip } from './widget-clip.js';
import { screenshot } from './widget-harness.js';

let t: TestService;
test.beforeAll(async () => {
  t = await startTestService({ minAnalysisSeconds: 0 });
});
test.afterAll(async () => {
  await t?.close();
});

test('import: the form checks what it can, the service says the rest; then the kits in the widget and Analyse', async ({ page }) => {
  await page.goto(`${t.base}/app/#/import`);
  await expect(page.getByRole('heading', { name: 'Import a match video' })).toBeVisible();
  // Nothing typed: the form says what is needed, nothing is sent.
  await page.getByRole('button', { name: 'Register the video' }).click();
  await expect(page.getByText('Needed.')).toBeVisible();
  // A path that does not exist: the service's own words.
  await page.getByLabel('Video file or URL').fill('/nowhere/match.mp4');
  await page.getByLabel('Stop at (m:ss)').fill('1:00');
  await page.getByLabel('Start at (m:ss)').fill('2:00');
  await page.getByRole('button', { name: 'Register the video' }).click();
  await expect(page.getByText('Must come after the start.')).toBeVisible();
  await page.getByLabel('Start at (m:ss)').fill('');
  await page.getByLabel('Stop at (m:ss)').fill('');
  await page.getByRole('button', { name: 'Register the video' }).click();
  await expect(page.getByRole('alert')).toContainText('/nowhere/match.mp4');
  expect((await t.api.get('/v1/videos')).body.data).toEqual([]);

  await page.getByLabel('Video file or URL').fill(await ensureWidgetClip());
  await page.getByRole('textbox', { name: 'Home team' }).fill('Ajax');
  await page.getByRole('textbox', { name: 'Away team' }).fill('PSV');
  await page.getByLabel('Title').fill('Ajax - PSV');
  await screenshot(page, 'app-import-en');
  await page.getByRole('button', { name: 'Register the video' }).click();

  // The widget, framed by the app (its token names the app's origin), confirms the home kit.
  await expect(page.getByRole('heading', { name: 'Which kit is the home team\'s in “Ajax - PSV”?' })).toBeVisible();
  const widget = page.frameLocator('iframe.widget-frame');
  await expect(widget.getByRole('radio')).toHaveCount(2, { timeout: 30_000 });
  await widget.getByRole('radio').first().click();
  await widget.getByRole('button', { name: 'Confirm' }).click();
  await expect(widget.getByRole('status')).toContainText('Ajax play in Kit A');
  await screenshot(page, 'app-import-kits-en');
  const id = (await t.api.get('/v1/videos')).body.data[0].id as number;
  expect((await t.api.get(`/v1/videos/${id}/preview-teams`)).body.confirmed_home_key).toBe('team_a');

  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByRole('status')).toContainText('The analysis has started.');
  expect((await t.api.get(`/v1/videos/${id}`)).body.data.analyses).toHaveLength(1);
  await page.getByRole('link', { name: 'To the library' }).click();
  await expect(page.locator('tr', { hasText: 'Ajax - PSV' })).toBeVisible();
});
