import type { ServiceContext } from '../context.js';
import type { VideoRow } from '../store/videos-repo.js';
import { type KitColours, type Swatch, hexColour, paletteHex } from '../../../engine/api.js';

type Rgb = readonly [number, number, number];
const hex = (c: Rgb | null | undefined) => (c ? hexColour(c[0], c[1], c[2]) : null);

/** Measured colours where the pass kept them (passes before they were stored: the palette's reference). */
function swatchColours(swatch: Swatch, colours: KitColours | undefined) {
  const primary = hex(colours?.shirt) ?? paletteHex(swatch.primary) ?? '#888888';
  return {
    primary,
    secondary: hex(colours?.secondary) ?? paletteHex(swatch.secondary) ?? primary,
    shorts: colours ? hex(colours.shorts) : paletteHex(swatch.shorts),
    socks: colours ? hex(colours.socks) : paletteHex(swatch.socks),
  };
}

/** Where a crop is served (main/service/routes/preview-crops.ts). */
export function cropPath(videoId: number, key: string, index: number): string {
  return `/v1/videos/${videoId}/preview-crops/${key}-${index}.jpg`;
}

/**
 * The preview of a video as spec 2.3 shows it (PRV-01 to PRV-10), shared by the API's endpoint and the
 * widget's (which adds `colours` so it can draw the kits). A video without an answer gets its pass
 * started here (PRV-10: the first call starts it; repeat calls do not queue more work).
 */
export function presentPreview(ctx: Pick<ServiceContext, 'preview' | 'signer'>, video: VideoRow, options: { colours: boolean; origin: string }) {
  const names = { home_name: video.home_team_name, away_name: video.away_team_name, confirmed_home_key: video.confirmed_home_key };
  if (video.source_kind === 'none') {
    return { status: 'unavailable' as const, reason: 'a tracking-only video (an import) has no video file to look at', ready_at: video.created_at, ...names };
  }
  const stored = ctx.preview.stored(video.id);
  if (!stored) {
    void ctx.preview.start(video);
    return { status: 'processing' as const };
  }
  if (stored.state === 'unavailable') return { status: 'unavailable' as const, reason: stored.reason, ready_at: stored.ready_at, ...names };
  // Crops pending with no pass running: the service stopped mid-pass. start() runs it again (and is the
  // running pass itself otherwise); the crops stay pending until it writes them, or says none will come.
  if (stored.crops_status === 'pending') void ctx.preview.start(video);
  const cropsStatus = stored.crops_status;
  const crops = (key: string, count: number | undefined) => (cropsStatus === 'ready'
    ? Array.from({ length: count ?? 0 }, (_, i) => `${options.origin}${ctx.signer.sign(cropPath(video.id, key, i))}`)
    : []);
  return {
    status: 'ready' as const, stage: stored.stage, crops_status: cropsStatus, ready_at: stored.ready_at, ...names,
    teams: stored.teams.map((t) => ({
      key: t.key, swatch: t.swatch, crops: crops(t.key, t.crops),
      ...(options.colours ? { colours: swatchColours(t.swatch, t.colours) } : {}),
    })),
  };
}
