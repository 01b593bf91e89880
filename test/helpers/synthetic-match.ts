import type { MatchSource } from '../../engine/match-data/match-events.js';
import { scriptedMatch } from '../../engine/sim/events/scripted-match.js';

/** About a minute of play: kick-off, build-up, a cross, a shot wide, a goal kick, a throw-in. */
export function sampleMinute(): MatchSource {
  return scriptedMatch([
    { team: 'home', type: 'SET PIECE', subtypes: ['KICK OFF'], at: 1, from: 9 },
    { team: 'home', type: 'PASS', at: 1, until: 2, from: 9, to: 8, start: [52.5, 34], end: [45, 30] },
    { team: 'home', type: 'PASS', at: 4, until: 5.2, from: 8, to: 4, start: [47, 28], end: [35, 12] },
    { team: 'home', type: 'PASS', at: 8, until: 9.5, from: 4, to: 7, start: [42, 8], end: [60, 6] },
    { team: 'home', type: 'PASS', subtypes: ['CROSS'], at: 14, until: 15.6, from: 7, to: 10, start: [88, 5], end: [95, 36] },
    { team: 'home', type: 'SHOT', subtypes: ['OFF TARGET', 'OUT'], at: 15.6, until: 16.4, from: 10, start: [95, 36], end: [105.5, 30] },
    { team: 'away', type: 'SET PIECE', subtypes: ['GOAL KICK'], at: 30, from: 1 },
    { team: 'away', type: 'PASS', subtypes: ['GOAL KICK'], at: 30, until: 33, from: 1, to: 9, start: [100, 34], end: [60, 50] },
    { team: 'away', type: 'PASS', at: 35, until: 36, from: 9, to: 8, start: [58, 52], end: [50, 44] },
    { team: 'away', type: 'BALL LOST', subtypes: ['INTERCEPTION'], at: 38, until: 38.8, from: 8, start: [46, 44], end: [40, 40] },
    { team: 'home', type: 'RECOVERY', subtypes: ['INTERCEPTION'], at: 38.8, from: 6, start: [40, 40] },
    { team: 'home', type: 'PASS', at: 40, until: 41, from: 6, to: 5, start: [41, 42], end: [30, 60] },
    { team: 'home', type: 'BALL OUT', at: 43, until: 44, from: 5, start: [28, 64], end: [26, 69] },
    { team: 'away', type: 'SET PIECE', subtypes: ['THROW IN'], at: 52, from: 2 },
    { team: 'away', type: 'PASS', at: 52, until: 53, from: 2, to: 6, start: [26, 68], end: [30, 58] },
  ]);
}
