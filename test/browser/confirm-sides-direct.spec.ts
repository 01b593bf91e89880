import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { videoDir } from '../../main/service/store/paths.js';
import { expect, test } from '@playwright/test';
import { startFileServer } from '../helpers/file-server.js';
import { WIDGET_CLIP } from './widget-clip.js';
import { mintToken, screenshot, startWidgetHarness, videoWithPreview, type WidgetHarness } from './widget-harness.js';

let h: WidgetHarness;
test.beforeAll(async () => {
  h = await startWidgetHarness();
});
test.afterAll(async () => {
  await h?.close();
});

test.describe('[EMB-06] language: lang, its alias locale, then Accept-Language, then English; html lang follows', () => {
  // The browser's locale is what it sends as Accept-Language.
  const cases: { query: string; locale: string; lang: 'en' | 'nl' }[] = [
    { query: '&lang=nl', locale: 'en-GB', lang: 'nl' },
    { query: '&locale=nl', locale: 'en-GB', lang: 'nl' },
    { query: '&lang=en&locale=nl', locale: 'nl-NL', lang: 'en' },
    { query: '&lang=fr', locale: 'nl-BE', lang: 'nl' },
    { query: '', locale: 'de-DE', lang: 'en' },
  ];
  for (const c of cases) {
    test(`'${c.query || '(none)'}' in a ${c.locale} browser -> ${c.lang}`, async ({ browser }) => {
      const context = await browser.newContext({ locale: c.locale });
      const page = await context.newPage();
      const id = await videoWithPreview(h.t, { home_team_name: 'PSV', away_team_name: 'Feyenoord' });
      const { url } = await mintToken(h.t, id);
      await page.goto(`${url}${c.query}`);
      await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
      const question = c.lang === 'nl' ? 'Welk tenue draagt de thuisploeg?' : 'Which kit does the home team wear?';
      await expect(page.getByRole('heading', { name: question })).toBeVisible();
      await expect(page).toHaveTitle(c.lang === 'nl' ? 'Bevestig de teams' : 'Confirm the teams');
      if (c.query === '&lang=nl') {
        await expect(page.getByRole('radio').first()).toContainText('Tenue A');
        await screenshot(page, 'widget-direct-nl');
      }
      await context.close();
    });
  }
});

test('[EMB-05] readonly_names: names are fixed labels, the kit answer still goes through, the names stay', async ({ page }) => {
  const id = await videoWithPreview(h.t, { home_team_name: 'Club Brugge', away_team_name: 'Anderlecht' });
  const { url } = await mintToken(h.t, id, { readonly_names: true });
  await page.goto(url);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.locator('[data-name="home-name"]')).toContainText('Club Brugge');
  await expect(page.getByText('A blank field keeps the stored name')).toHaveCount(0);
  await page.getByRole('radio').first().click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.receipt')).toContainText('Club Brugge play in Kit A');
  const video = (await h.t.api.get(`/v1/videos/${id}`)).body.data;
  expect([video.home_team_name, video.away_team_name]).toEqual(['Club Brugge', 'Anderlecht']);
  expect((await h.t.api.get(`/v1/videos/${id}/preview-teams`)).body.confirmed_home_key).toBe('team_a');
});

test('[EMB-11] reopening pre-selects the confirmed kit; the person may switch', async ({ page }) => {
  const id = await videoWithPreview(h.t);
  const first = await mintToken(h.t, id);
  await page.goto(first.url);
  await page.getByRole('radio').nth(1).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.receipt')).toBeVisible();

  const again = await mintToken(h.t, id);
  await page.goto(again.url);
  await expect(page.getByRole('radio').nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await screenshot(page, 'widget-reopened-en');
  await page.getByRole('radio').nth(0).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.receipt')).toContainText('Kit A');
  expect((await h.t.api.get(`/v1/videos/${id}/preview-teams`)).body.confirmed_home_key).toBe('team_a');
});

test('[EMB-07] [PRV-07] a spinner while the preview waits for a source without range support, then the kits', async ({ page }) => {
  const bytes = statSync(WIDGET_CLIP).size;
  // No range requests and about six seconds of download: the preview waits for the whole file.
  const server = await startFileServer(WIDGET_CLIP, { range: false, throttle: Math.ceil(bytes / 6) });
  try {
    const id = (await h.t.api.post('/v1/videos', { video_file_url: server.url() })).body.data.id as number;
    const { url } = await mintToken(h.t, id);
    await page.goto(url);
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText('Looking at the match video')).toBeVisible();
    await screenshot(page, 'widget-loading-en');
    await expect(page.getByRole('radio')).toHaveCount(2, { timeout: 60_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('an unknown token shows that the link is not valid', async ({ page }) => {
  await page.goto(`${h.t.base}/embed/confirm-sides?t=tle_not-a-real-token`);
  await expect(page.getByRole('alert')).toContainText('This link is not valid.');
});

test('[EMB-07] a preview without crops (made before crops existed) shows the kits drawn from the palette', async ({ page }) => {
  const id = await videoWithPreview(h.t);
  // The answer as the preview pass wrote it before it kept colours and crops.
  const file = join(videoDir(h.t.home, id), 'preview.json');
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { crops_status: string; teams: { key: string; swatch: unknown; colours?: unknown; crops?: number }[] };
  writeFileSync(file, JSON.stringify({ ...stored, crops_status: 'unavailable', teams: stored.teams.map(({ key, swatch }) => ({ key, swatch })) }));
  const { url } = await mintToken(h.t, id);
  await page.goto(url);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.locator('img.kit-crop')).toHaveCount(0);
  await expect(page.locator('svg.kit-figure')).toHaveCount(2);
  const fills = await page.locator('svg.kit-figure path').first().getAttribute('fill');
  expect(fills).toMatch(/^#[0-9a-f]{6}$/);
});
