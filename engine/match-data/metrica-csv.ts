import {
  fromMetrica, inferGoalkeepers, periodsFromEvents, playerKey,
  type MatchEvent, type MatchSource, type RosterPlayer, type TeamSide,
} from './match-events.js';

/** Splits one CSV line, honouring double quotes. */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

const num = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '' || /^nan$/i.test(text.trim())) return null;
  const v = Number(text);
  return Number.isFinite(v) ? v : null;
};

const team = (text: string | undefined): TeamSide | null => {
  const t = (text ?? '').trim().toLowerCase();
  return t === 'home' ? 'home' : t === 'away' ? 'away' : null;
};

/** `Player7` -> 7. Metrica's sample games name players by shirt number. */
function jerseyOf(name: string): number | null {
  const m = /(\d+)\s*$/.exec(name.trim());
  return m ? Number(m[1]) : null;
}

const REQUIRED = ['Team', 'Type', 'Subtype', 'Period', 'Start Frame', 'End Frame', 'From', 'To', 'Start X', 'Start Y', 'End X', 'End Y'];

/**
 * Metrica's raw events CSV (`Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],
 * From,To,Start X,Start Y,End X,End Y`). Subtypes joined by '-' become a list.
 */
export function parseMetricaEventsCsv(text: string): MatchSource {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.trim());
  const col = new Map(header.map((h, i) => [h, i]));
  const missing = REQUIRED.filter((h) => !col.has(h));
  if (missing.length) throw new Error(`not a Metrica events CSV: missing column(s) ${missing.join(', ')}`);
  const get = (row: string[], name: string) => row[col.get(name) as number];

  const roster = new Map<string, RosterPlayer>();
  const keyFor = (side: TeamSide | null, name: string | undefined): string | null => {
    const trimmed = (name ?? '').trim();
    if (!side || !trimmed) return null;
    const jersey = jerseyOf(trimmed);
    if (jersey === null) return null;
    const key = playerKey(side, jersey);
    if (!roster.has(key)) roster.set(key, { key, team: side, jersey, name: trimmed, goalkeeper: false });
    return key;
  };

  const events: MatchEvent[] = [];
  for (let i = 1; i < lines.length; i++) {
    const row = splitCsvLine(lines[i] as string);
    const side = team(get(row, 'Team'));
    const startFrame = num(get(row, 'Start Frame'));
    const period = num(get(row, 'Period'));
    if (startFrame === null || period === null) throw new Error(`line ${i + 1}: missing Period or Start Frame`);
    const endFrameRaw = num(get(row, 'End Frame'));
    const subtype = (get(row, 'Subtype') ?? '').trim().toUpperCase();
    events.push({
      index: i - 1,
      team: side,
      type: (get(row, 'Type') ?? '').trim().toUpperCase(),
      subtypes: subtype ? subtype.split('-').map((s) => s.trim()).filter(Boolean) : [],
      period,
      startFrame,
      // Metrica writes End Frame 0 for instantaneous events such as kick-offs.
      endFrame: endFrameRaw && endFrameRaw >= startFrame ? endFrameRaw : startFrame,
      from: keyFor(side, get(row, 'From')),
      to: keyFor(side, get(row, 'To')),
      start: fromMetrica(num(get(row, 'Start X')), num(get(row, 'Start Y'))),
      end: fromMetrica(num(get(row, 'End X')), num(get(row, 'End Y'))),
    });
  }
  const players = [...roster.values()].sort((a, b) => (a.team === b.team ? a.jersey - b.jersey : a.team === 'home' ? -1 : 1));
  inferGoalkeepers(events, players);
  return { frameRate: 25, events, roster: players, periods: periodsFromEvents(events) };
}
