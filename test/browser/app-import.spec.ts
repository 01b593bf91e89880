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

/** Drops a file named `name` on the import form, as a person dragging it from a file manager would. */
async function dropFile(page: import('@playwright/test').Page, name: string): Promise<void> {
  const transfer = await page.evaluateHandle((n) => {
    const g = globalThis as unknown as { DataTransfer: new () => { items: { add(f: unknown): void } }; File: new (parts: string[], name: string, o: { type: string }) => unknown };
    const dt = new g.DataTransfer();
    dt.items.add(new g.File(['not really a video'], n, { type: 'video/mp4' }));
    return dt;
  }, name);
  await page.locator('form.import-form').dispatchEvent('drop', { dataTransfer: transfer });
}

test('import in a browser: a dropped file gives its title and a plain note that its path must be typed', async ({ page }) => {
  await page.goto(`${t.base}/app/#/import`);
  await expect(page.getByRole('button', { name: 'Choose a file…' })).toHaveCount(0);
  await dropFile(page, 'ajax-psv.mp4');
  await expect(page.getByLabel('Title')).toHaveValue('ajax-psv');
  await expect(page.getByRole('status')).toContainText('“ajax-psv.mp4”: type the full path of this file above');
  await expect(page.getByLabel('Video file or URL')).toHaveValue('');
});

test('import in the desktop window: the preload bridge\'s file dialog and dropped files fill in the path', async ({ page }) => {
  // The bridge as main/desktop/preload.cts exposes it (Electron cannot run here): its two functions
  // answer as Electron's dialog and webUtils would, so the page's side of the bridge is what is tested.
  await page.addInitScript(() => {
    (globalThis as unknown as { touchline: unknown }).touchline = {
      platform: 'linux',
      pickVideoFile: async () => '/home/analyst/matches/ajax-psv 2026.mp4',
      pathForFile: (file: { name: string }) => `/home/analyst/Downloads/${file.name}`,
    };
  });
  await page.goto(`${t.base}/app/#/import`);
  await page.getByRole('button', { name: 'Choose a file…' }).click();
  await expect(page.getByLabel('Video file or URL')).toHaveValue('/home/analyst/matches/ajax-psv 2026.mp4');
  await expect(page.getByLabel('Title')).toHaveValue('ajax-psv 2026');
  await dropFile(page, 'utrecht-az.mkv');
  await expect(page.getByLabel('Video file or URL')).toHaveValue('/home/analyst/Downloads/utrecht-az.mkv');
  // A title already typed or filled stays.
  await expect(page.getByLabel('Title')).toHaveValue('ajax-psv 2026');
});
