import { expect, test } from '@playwright/test';
import { fixture } from '../helpers/fixtures.js';
import { mintToken, received, screenshot, startWidgetHarness, videoWithPreview, type WidgetHarness } from './widget-harness.js';

let h: WidgetHarness;
test.beforeAll(async () => {
  h = await startWidgetHarness();
});
test.afterAll(async () => {
  await h?.close();
});

test('[EMB-07] [EMB-08] [EMB-09] [EMB-12] [EMB-13] [EMB-16] embedded on an allowed origin: a person confirms; the parent gets confirmed, then close; the video changes', async ({ page }) => {
  const id = await videoWithPreview(h.t, { home_team_name: 'Home FC', away_team_name: 'Away United' });
  const { url } = await mintToken(h.t, id, { frame_ancestors: [h.parent.origin] });
  await page.goto(h.parent.page(`${url}&lang=en`));
  const widget = page.frameLocator('#widget');

  await expect(widget.getByRole('heading', { name: 'Which kit does the home team wear?' })).toBeVisible();
  await expect(widget.getByText('Which side', { exact: false })).toHaveCount(0);
  const cards = widget.getByRole('radio');
  await expect(cards).toHaveCount(2);
  await expect(widget.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  // Crops of players in each kit, loaded through their signed URLs (PRV-05).
  for (const card of [cards.nth(0), cards.nth(1)]) {
    const crop = card.locator('img.kit-crop').first();
    await expect(crop).toBeVisible();
    expect(await crop.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  }
  await screenshot(page, 'widget-embedded-en');

  // A new home name, a blank away name (keeps the stored one), kit B is home.
  await widget.getByRole('textbox', { name: 'Home team' }).fill('  Ajax Amsterdam  ');
  await widget.getByRole('textbox', { name: 'Away team' }).fill('');
  await cards.nth(1).click();
  await expect(cards.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(cards.nth(1)).toContainText('Home');
  await expect(cards.nth(0)).toContainText('Away');
  await widget.getByRole('button', { name: 'Confirm' }).click();

  await expect(widget.getByRole('status')).toContainText('Ajax Amsterdam play in Kit B');
  await expect(widget.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(cards.nth(0)).toBeDisabled();
  await expect(widget.getByRole('textbox')).toHaveCount(0);
  await screenshot(page, 'widget-receipt-en');

  await expect.poll(async () => (await received(page)).map((m) => m.data.type), { timeout: 15_000 })
    .toEqual(['svc:sides-confirmed', 'svc:sides-close']);
  const [confirmed, close] = await received(page);
  expect(confirmed?.origin).toBe(new URL(url).origin);
  expect(confirmed?.data).toEqual({
    type: 'svc:sides-confirmed', videoId: id, leftStartTeam: 'unknown', homeTeamKey: 'team_b', homeName: 'Ajax Amsterdam', awayName: 'Away United',
  });
  expect(close?.data).toEqual({ type: 'svc:sides-close', videoId: id });
  expect((close?.at ?? 0) - (confirmed?.at ?? 0)).toBeGreaterThanOrEqual(2000);

  const video = (await h.t.api.get(`/v1/videos/${id}`)).body.data;
  expect(video).toMatchObject({ home_team_name: 'Ajax Amsterdam', away_team_name: 'Away United', left_start_team: 'unknown' });
  expect((await h.t.api.get(`/v1/videos/${id}/preview-teams`)).body.confirmed_home_key).toBe('team_b');
});

test('[EMB-03] a page on an origin the token does not name cannot frame the widget; without frame_ancestors no page can', async ({ page }) => {
  const id = await videoWithPreview(h.t);
  const allowedElsewhere = await mintToken(h.t, id, { frame_ancestors: [h.parent.origin] });
  const refusals: string[] = [];
  page.on('console', (m) => { if (/frame-ancestors|Refused to frame/i.test(m.text())) refusals.push(m.text()); });

  await page.goto(h.parent.page(allowedElsewhere.url, 'otherOrigin'));
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(page.frameLocator('#widget').getByRole('radio')).toHaveCount(0);

  const unframeable = await mintToken(h.t, id, {});
  refusals.length = 0;
  await page.goto(h.parent.page(unframeable.url));
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(page.frameLocator('#widget').getByRole('radio')).toHaveCount(0);
  expect(await received(page)).toEqual([]);

  // The same token opened directly works: the widget refuses framing, not people.
  await page.goto(unframeable.url);
  await expect(page.getByRole('radio')).toHaveCount(2);
});

test('[EMB-14] a token that expires mid-session shows the expired state and posts svc:sides-expired', async ({ page }) => {
  const id = await videoWithPreview(h.t);
  const { url } = await mintToken(h.t, id, { frame_ancestors: [h.parent.origin], ttl_seconds: 60 });
  await page.clock.install();
  await page.goto(h.parent.page(url));
  const widget = page.frameLocator('#widget');
  await expect(widget.getByRole('radio')).toHaveCount(2);
  await page.clock.fastForward(61_000);
  await expect(widget.getByRole('alert')).toContainText('This link has expired.');
  await expect.poll(async () => (await received(page)).map((m) => m.data)).toEqual([{ type: 'svc:sides-expired', videoId: id }]);
  await screenshot(page.locator('#widget'), 'widget-expired-en');
});

test('[EMB-15] footage without two kits: the widget says so and posts svc:sides-error with the reason', async ({ page }) => {
  // A generated test pattern: no pitch, so the preview ends `unavailable`.
  const id = (await h.t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
  const { url } = await mintToken(h.t, id, { frame_ancestors: [h.parent.origin] });
  await page.goto(h.parent.page(`${url}&lang=nl`));
  const widget = page.frameLocator('#widget');
  await expect(widget.getByRole('alert')).toContainText('De tenues konden in deze video niet worden gevonden.');
  await expect.poll(async () => (await received(page)).map((m) => m.data)).toEqual([
    { type: 'svc:sides-error', videoId: id, message: expect.stringContaining('no two team kits') },
  ]);
  await screenshot(page.locator('#widget'), 'widget-unavailable-nl');
});
