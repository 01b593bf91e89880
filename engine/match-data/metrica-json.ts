import {
  fromMetrica, inferGoalkeepers, periodsFromEvents, playerKey,
  type MatchEvent, type MatchSource, type Period, type RosterPlayer, type TeamSide,
} from './match-events.js';

interface JsonRef { name?: string; id?: string }
interface JsonPoint { frame?: number; time?: number; x?: number | null; y?: number | null }
interface JsonEvent {
  team?: JsonRef | null;
  type?: JsonRef | null;
  subtypes?: JsonRef | JsonRef[] | null;
  start?: JsonPoint;
  end?: JsonPoint;
  period?: number;
  from?: JsonRef | null;
  to?: JsonRef | null;
}

/** What the EPTS metadata XML tells: teams, players with shirt numbers and positions, period frames. */
export interface EptsMetadata {
  homeTeamId: string | null;
  awayTeamId: string | null;
  players: { id: string; teamId: string; name: string; jersey: number; goalkeeper: boolean }[];
  periods: Period[];
}

const tagText = (xml: string, tag: string): string | null => {
  const m = new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(xml);
  return m ? (m[1] as string).trim() : null;
};

/**
 * A deliberately small reader for the FIFA EPTS metadata file Metrica ships with its JSON events:
 * only the elements the simulator needs, found by tag, no general XML parser.
 */
export function parseEptsMetadata(xml: string): EptsMetadata {
  const players: EptsMetadata['players'] = [];
  for (const m of xml.matchAll(/<Player\s+id="([^"]+)"\s+teamId="([^"]+)"[^>]*>([\s\S]*?)<\/Player>/g)) {
    const body = m[3] as string;
    const jersey = Number(tagText(body, 'ShirtNumber'));
    if (!Number.isFinite(jersey)) continue;
    const position = /<Name>position_type<\/Name>\s*<Value>([^<]*)<\/Value>/.exec(body)?.[1] ?? '';
    players.push({ id: m[1] as string, teamId: m[2] as string, name: tagText(body, 'Name') ?? `Player ${jersey}`, jersey, goalkeeper: /goalkeeper/i.test(position) });
  }
  const param = (name: string): number | null => {
    const m = new RegExp(`<Name>${name}</Name>\\s*<Value>([^<]*)</Value>`).exec(xml);
    const v = m ? Number(m[1]) : NaN;
    return m && m[1] !== '' && Number.isFinite(v) ? v : null;
  };
  const periods: Period[] = [];
  const halves: [number, string][] = [[1, 'first_half'], [2, 'second_half'], [3, 'first_extra_half'], [4, 'second_extra_half']];
  for (const [period, name] of halves) {
    const start = param(`${name}_start`);
    const end = param(`${name}_end`);
    if (start !== null && end !== null) periods.push({ period, startFrame: start, endFrame: end });
  }
  const score = /<Score\s+idLocalTeam="([^"]+)"\s+idVisitingTeam="([^"]+)"/.exec(xml);
  return { homeTeamId: score?.[1] ?? null, awayTeamId: score?.[2] ?? null, players, periods };
}

/**
 * Metrica's JSON events (`{ data: [events], metadata: [...] }`). With the EPTS metadata, player ids
 * (`P3577`) resolve to shirt numbers and the home team is known; without it, the first team named is
 * taken as home and players are numbered by the digits in their names.
 */
export function parseMetricaEventsJson(text: string, metadataXml?: string): MatchSource {
  const doc = JSON.parse(text) as { data?: JsonEvent[] };
  if (!Array.isArray(doc.data)) throw new Error('not a Metrica JSON events file: no "data" array');
  const meta = metadataXml ? parseEptsMetadata(metadataXml) : null;
  const firstTeam = doc.data.find((e) => e.team?.id)?.team?.id ?? null;
  const homeId = meta?.homeTeamId ?? firstTeam;
  const sideOf = (ref: JsonRef | null | undefined): TeamSide | null => (ref?.id ? (ref.id === homeId ? 'home' : 'away') : null);

  const roster = new Map<string, RosterPlayer>();
  const metaById = new Map((meta?.players ?? []).map((p) => [p.id, p]));
  const keyFor = (ref: JsonRef | null | undefined, side: TeamSide | null): string | null => {
    if (!ref?.id && !ref?.name) return null;
    const known = ref.id ? metaById.get(ref.id) : undefined;
    const team = known ? (known.teamId === homeId ? 'home' : 'away') : side;
    const jersey = known?.jersey ?? Number(/(\d+)\s*$/.exec(ref.name ?? '')?.[1] ?? NaN);
    if (!team || !Number.isFinite(jersey)) return null;
    const key = playerKey(team, jersey);
    if (!roster.has(key)) roster.set(key, { key, team, jersey, name: known?.name ?? ref.name ?? key, goalkeeper: known?.goalkeeper ?? false });
    return key;
  };

  const events: MatchEvent[] = doc.data.map((e, index) => {
    const side = sideOf(e.team);
    const subtypes = e.subtypes == null ? [] : (Array.isArray(e.subtypes) ? e.subtypes : [e.subtypes]);
    const startFrame = Number(e.start?.frame);
    if (!Number.isFinite(startFrame)) throw new Error(`event ${index + 1}: no start frame`);
    const endFrame = Number(e.end?.frame);
    return {
      index,
      team: side,
      type: (e.type?.name ?? '').toUpperCase(),
      subtypes: subtypes.map((s) => (s.name ?? '').toUpperCase()).filter(Boolean),
      period: Number(e.period ?? 1),
      startFrame,
      endFrame: Number.isFinite(endFrame) && endFrame >= startFrame ? endFrame : startFrame,
      from: keyFor(e.from, side),
      // Receivers of passes play for the passer's team; other "to" players (e.g. a fouled player) too.
      to: keyFor(e.to, side),
      start: fromMetrica(e.start?.x, e.start?.y),
      end: fromMetrica(e.end?.x, e.end?.y),
    };
  });
  // Players in the metadata who never appear in events still belong to the squads.
  for (const p of meta?.players ?? []) {
    const team: TeamSide = p.teamId === homeId ? 'home' : 'away';
    const key = playerKey(team, p.jersey);
    if (!roster.has(key)) roster.set(key, { key, team, jersey: p.jersey, name: p.name, goalkeeper: p.goalkeeper });
  }
  const players = [...roster.values()].sort((a, b) => (a.team === b.team ? a.jersey - b.jersey : a.team === 'home' ? -1 : 1));
  inferGoalkeepers(events, players);
  return { frameRate: 25, events, roster: players, periods: meta?.periods.length ? meta.periods : periodsFromEvents(events) };
}
