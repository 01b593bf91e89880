import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { startParentSite, type ParentSite } from './parent-site.js';
import { ensureWidgetClip } from './widget-clip.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface WidgetHarness {
  t: TestService;
  parent: ParentSite;
  close(): Promise<void>;
}

export async function startWidgetHarness(): Promise<WidgetHarness> {
  await ensureWidgetClip();
  const t = await startTestService();
  const parent = await startParentSite();
  return {
    t, parent,
    async close() {
      await parent.close();
      await t.close();
    },
  };
}

/** A video of the rendered clip with its kit preview ready. */
export async function videoWithPreview(t: TestService, names: { home_team_name?: string; away_team_name?: string } = {}): Promise<number> {
  const id = (await t.api.post('/v1/videos', { video_file_url: await ensureWidgetClip(), ...names })).body.data.id as number;
  await waitFor(async () => ((await t.api.get(`/v1/videos/${id}/preview-teams`)).body.status === 'ready' ? true : undefined), 60_000, 'the kit preview', 250);
  return id;
}

export async function mintToken(t: TestService, id: number, body: Record<string, unknown> = {}): Promise<{ token: string; url: string; expires_at: string }> {
  const res = await t.api.post(`/v1/videos/${id}/embed-token`, body);
  if (res.status !== 200) throw new Error(`embed-token: ${res.status} ${res.text}`);
  return res.body;
}

export interface Received { origin: string; data: { type: string; [k: string]: unknown }; at: number }

/** Messages the parent page has received so far. */
export function received(page: Page): Promise<Received[]> {
  return page.evaluate(() => (globalThis as unknown as { received: Received[] }).received);
}

/**
 * A screenshot under test-results/screenshots, and under docs/img too when UPDATE_DOCS_SCREENSHOTS=1
 * (how the pictures in docs/ are refreshed; they are then opened and checked by a person).
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const dirs = [join(ROOT, 'test-results', 'screenshots')];
  if (process.env.UPDATE_DOCS_SCREENSHOTS === '1') dirs.push(join(ROOT, 'docs', 'img'));
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ path: join(dir, `${name}.png`) });
  }
}
