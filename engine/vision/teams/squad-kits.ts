import { labToRgb } from './kit-colour.js';
import type { KitColours } from './preview-kits.js';
import type { TeamModel, TrackKit } from './team-assignment.js';

/**
 * The two squads' kits as colours (team 0 first): the model's mean shirt, and the mean shorts of the
 * squad's outfield tracks, weighted by their samples. A track whose shorts were never seen carries its
 * shirt in their place (TrackKit's layout) and says nothing about shorts. Socks and patterns are not
 * measured yet.
 */
export function squadKits(model: Pick<TeamModel, 'kits' | 'labels'>, tracks: readonly TrackKit[]): [KitColours, KitColours] {
  const kit = (team: 0 | 1): KitColours => {
    const sum = [0, 0, 0];
    let weight = 0;
    for (const t of tracks) {
      const label = model.labels.get(t.id);
      if (label?.team !== team || label.role !== 'player') continue;
      const f = t.feature;
      if (f[3] === f[0] && f[4] === f[1] && f[5] === f[2]) continue;
      for (let i = 0; i < 3; i++) sum[i]! += (f[3 + i] as number) * t.samples;
      weight += t.samples;
    }
    const shirt = model.kits[team];
    return {
      shirt: labToRgb(shirt[0], shirt[1], shirt[2]), secondary: null,
      shorts: weight ? labToRgb((sum[0] as number) / weight, (sum[1] as number) / weight, (sum[2] as number) / weight) : null,
      socks: null, pattern: 'unknown',
    };
  };
  return [kit(0), kit(1)];
}
