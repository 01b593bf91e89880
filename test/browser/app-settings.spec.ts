import { expect, test } from '@playwright/test';
import { startTestService, type TestService } from '../helpers/test-service.js';
import { screenshot } from './widget-harness.js';

let t: TestService;
test.beforeAll(async () => {
  t = await startTestService();
});
test.afterAll(async () => {
  await t?.close();
});

test('settings: the processor is saved by the service, the API panel shows what a script needs', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 1400 });
  await page.goto(`${t.base}/app/`);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'The processor (CPU)' })).toBeChecked();
  await page.getByRole('radio', { name: /The graphics card \(GPU, (cuda|dml|coreml)\)/ }).check();
  await expect(page.getByRole('status')).toHaveText('Saved. Analyses that start from now on use it.');
  expect((await t.api.get('/v1/settings')).body.data.processor).toBe('gpu');

  await expect(page.getByText(t.home, { exact: true })).toBeVisible();
  await expect(page.getByText(`${t.base}/v1`, { exact: true })).toBeVisible();
  const token = page.getByLabel('Token for your scripts', { exact: true });
  await expect(token).not.toHaveText(t.token);
  await expect(page.locator('.example pre').first()).not.toContainText(t.token);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(token).toHaveText(t.token);
  await expect(page.locator('.example pre').first()).toHaveText(`curl -s "${t.base}/v1/videos?per_page=25" -H "Authorization: Bearer ${t.token}"`);
  await page.getByRole('button', { name: 'Hide' }).click();
  await screenshot(page, 'app-settings-en');
});

test('settings: the theme and the language are this computer\'s choice and last across reloads', async ({ page }) => {
  await page.goto(`${t.base}/app/#/settings`);
  const background = () => page.locator('html').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
  await page.getByRole('radio', { name: 'Light' }).check();
  const light = await background();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(light);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.setViewportSize({ width: 1100, height: 900 });
  await screenshot(page, 'app-settings-dark-en');

  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('heading', { name: 'Instellingen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bibliotheek' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.getByLabel('Taal').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('radio', { name: 'As the system' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
});

test('settings in the desktop window: the data folder opens in the file manager through the preload bridge', async ({ page }) => {
  // The bridge as main/desktop/preload.cts exposes it (Electron cannot run here); it records the call.
  await page.addInitScript(() => {
    const g = globalThis as unknown as { touchline: unknown; revealed: string[] };
    g.revealed = [];
    g.touchline = {
      platform: 'linux',
      pickVideoFile: async () => null,
      pathForFile: () => '',
      revealInFolder: async (path: string) => { g.revealed.push(path); return true; },
      apiInfo: async () => ({ baseUrl: '', token: '', version: '' }),
    };
  });
  await page.goto(`${t.base}/app/#/settings`);
  await page.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { revealed: string[] }).revealed)).toEqual([t.home]);
});

test('settings in a browser: no file-manager button (a web page cannot open folders)', async ({ page }) => {
  await page.goto(`${t.base}/app/#/settings`);
  await expect(page.getByRole('heading', { name: 'Data folder' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show in folder' })).toHaveCount(0);
});
