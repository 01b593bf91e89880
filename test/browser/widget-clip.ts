import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';

/** A short broadcast clip of the synthetic match, rendered once and kept with the generated fixtures. */
export const WIDGET_CLIP_DIR = join(FIXTURES, 'widget-clip');
export const WIDGET_CLIP = join(WIDGET_CLIP_DIR, 'video.mp4');

export async function ensureWidgetClip(): Promise<string> {
  if (!existsSync(WIDGET_CLIP)) {
    mkdirSync(WIDGET_CLIP_DIR, { recursive: true });
    await renderSampleClip(WIDGET_CLIP_DIR, { seed: 5, fromMs: 2_000, durationMs: 8_000 });
  }
  return WIDGET_CLIP;
}
