import type { MatchSource } from '../match-data/match-events.js';
import { scriptedMatch } from './events/scripted-match.js';

/**
 * Fifty seconds of scripted play for the first-run demo (`npm run demo`), so a fresh machine with no
 * match data of its own still sees the whole product: a build-up down the right ending in a cross and a
 * saved header, the keeper's distribution, a tackle in midfield, a counter ending in a shot wide, and a
 * goal kick. The home side attacks towards x = 105; coordinates are pitch metres.
 */
export function demoMatch(): MatchSource {
  return scriptedMatch([
    { team: 'home', type: 'SET PIECE', subtypes: ['KICK OFF'], at: 1, from: 9 },
    { team: 'home', type: 'PASS', at: 1, until: 2, from: 9, to: 8, start: [52.5, 34], end: [46, 30] },
    { team: 'home', type: 'PASS', at: 3, until: 4.2, from: 8, to: 6, start: [46, 30], end: [40, 44] },
    { team: 'home', type: 'CARRY', at: 4.2, until: 7.5, from: 6, start: [40, 44], end: [52, 46] },
    { team: 'home', type: 'PASS', at: 7.5, until: 9.1, from: 6, to: 11, start: [52, 46], end: [70, 60] },
    { team: 'home', type: 'CARRY', at: 9.1, until: 12.5, from: 11, start: [70, 60], end: [84, 58] },
    { team: 'home', type: 'PASS', subtypes: ['CROSS'], at: 12.5, until: 13.9, from: 11, to: 9, start: [84, 58], end: [96, 34] },
    { team: 'home', type: 'SHOT', subtypes: ['HEAD', 'ON TARGET', 'SAVED'], at: 13.9, until: 14.5, from: 9, start: [96, 34], end: [104, 35] },
    { team: 'away', type: 'RECOVERY', subtypes: ['SAVED'], at: 14.5, from: 1, start: [104, 35] },
    { team: 'away', type: 'PASS', at: 18, until: 20, from: 1, to: 4, start: [100, 34], end: [88, 14] },
    { team: 'away', type: 'PASS', at: 21, until: 22.4, from: 4, to: 8, start: [88, 14], end: [72, 24] },
    { team: 'away', type: 'CARRY', at: 22.4, until: 25, from: 8, start: [72, 24], end: [62, 28] },
    { team: 'away', type: 'PASS', at: 25, until: 26.4, from: 8, to: 10, start: [62, 28], end: [48, 36] },
    { team: 'away', type: 'BALL LOST', subtypes: ['TACKLE'], at: 27, from: 10, start: [47, 36] },
    { team: 'home', type: 'CHALLENGE', subtypes: ['TACKLE', 'WON'], at: 27, from: 4, start: [47, 36] },
    { team: 'home', type: 'RECOVERY', at: 27.4, from: 4, start: [46, 36] },
    { team: 'home', type: 'PASS', at: 28.5, until: 29.5, from: 4, to: 6, start: [46, 36], end: [56, 40] },
    { team: 'home', type: 'PASS', at: 30, until: 31.5, from: 6, to: 10, start: [56, 40], end: [74, 30] },
    { team: 'home', type: 'CARRY', at: 31.5, until: 34.2, from: 10, start: [74, 30], end: [82, 28] },
    { team: 'home', type: 'PASS', at: 34.2, until: 35, from: 10, to: 9, start: [82, 28], end: [90, 38] },
    { team: 'home', type: 'SHOT', subtypes: ['OFF TARGET', 'OUT'], at: 35.3, until: 36.3, from: 9, start: [90, 38], end: [105.5, 41] },
    { team: 'away', type: 'SET PIECE', subtypes: ['GOAL KICK'], at: 42, from: 1 },
    { team: 'away', type: 'PASS', subtypes: ['GOAL KICK'], at: 42, until: 45, from: 1, to: 6, start: [100, 34], end: [62, 40] },
    { team: 'away', type: 'PASS', at: 46, until: 47.5, from: 6, to: 9, start: [62, 40], end: [48, 30] },
  ]);
}
