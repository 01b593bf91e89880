import { describe, expect, it } from 'vitest';
import { parseMetricaEventsCsv } from '../../../engine/match-data/metrica-csv.js';
import { parseEptsMetadata, parseMetricaEventsJson } from '../../../engine/match-data/metrica-json.js';
import { hasSharedData, METRICA_GAME_1, METRICA_GAME_3_JSON, METRICA_GAME_3_XML, readShared } from '../../helpers/shared-data.js';

const CSV = `Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],From,To,Start X,Start Y,End X,End Y
Away,SET PIECE,KICK OFF,1,1,0.04,0,0,Player19,,NaN,NaN,NaN,NaN
Away,PASS,,1,1,0.04,3,0.12,Player19,Player21,0.5,0.5,0.6,0.25
Home,PASS,GOAL KICK,1,100,4,150,6,Player11,Player7,0.04,0.47,0.15,0.88
Home,SHOT,HEAD-ON TARGET-GOAL,2,5000,200,5020,200.8,Player9,,0.92,0.47,1.01,0.55
`;

describe('Metrica events CSV', () => {
  const src = parseMetricaEventsCsv(CSV);

  it('maps coordinates to pitch metres with the origin bottom-left', () => {
    const pass = src.events[1];
    expect(pass?.start).toEqual({ x: 52.5, y: 34 });
    expect(pass?.end?.x).toBeCloseTo(63, 6);
    expect(pass?.end?.y).toBeCloseTo(51, 6); // Metrica y 0.25 (upper part) -> 51 m from the bottom
  });

  it('reads players as team:jersey, splits subtypes, mends end frames and missing locations', () => {
    expect(src.events.map((e) => e.from)).toEqual(['away:19', 'away:19', 'home:11', 'home:9']);
    expect(src.events[1]?.to).toBe('away:21');
    expect(src.events[3]?.subtypes).toEqual(['HEAD', 'ON TARGET', 'GOAL']);
    expect(src.events[0]).toMatchObject({ type: 'SET PIECE', subtypes: ['KICK OFF'], startFrame: 1, endFrame: 1, start: null, end: null });
  });

  it('infers goalkeepers (the goal-kick taker) and periods from the events', () => {
    expect(src.roster.filter((p) => p.goalkeeper).map((p) => p.key)).toContain('home:11');
    expect(src.periods).toEqual([{ period: 1, startFrame: 1, endFrame: 150 }, { period: 2, startFrame: 5000, endFrame: 5020 }]);
  });

  it('refuses a file that is not a Metrica events CSV', () => {
    expect(() => parseMetricaEventsCsv('a,b,c\n1,2,3\n')).toThrow(/missing column/);
  });

  it.skipIf(!hasSharedData(METRICA_GAME_1))('reads the real Sample Game 1: 1,745 events, two halves, 28 players', () => {
    const game = parseMetricaEventsCsv(readShared(METRICA_GAME_1));
    expect(game.events).toHaveLength(1745);
    expect(game.periods.map((p) => p.period)).toEqual([1, 2]);
    expect(game.roster).toHaveLength(28);
    expect(game.roster.filter((p) => p.goalkeeper).map((p) => p.key).sort()).toEqual(['away:25', 'home:11']);
    expect(game.events.filter((e) => e.type === 'SHOT')).toHaveLength(24);
  });
});

describe('Metrica events JSON with EPTS metadata', () => {
  const XML = `<main><Sessions><Session><MatchParameters><Score idLocalTeam="TA" idVisitingTeam="TB"/></MatchParameters></Session></Sessions>
    <ProviderParameter><Name>first_half_start</Name><Value>1</Value></ProviderParameter>
    <ProviderParameter><Name>first_half_end</Name><Value>500</Value></ProviderParameter>
    <Player id="P1" teamId="TA"><Name>Keeper</Name><ShirtNumber>1</ShirtNumber><ProviderParameter><Name>position_type</Name><Value>Goalkeeper</Value></ProviderParameter></Player>
    <Player id="P9" teamId="TB"><Name>Striker</Name><ShirtNumber>9</ShirtNumber></Player></main>`;
  const JSON_EVENTS = JSON.stringify({ data: [
    { team: { id: 'TB' }, type: { name: 'PASS' }, subtypes: [{ name: 'CROSS' }], period: 1, start: { frame: 10, x: 0.9, y: 0.1 }, end: { frame: 30, x: 0.95, y: 0.5 }, from: { id: 'P9', name: 'Player 9' }, to: null },
    { team: { id: 'TA' }, type: { name: 'RECOVERY' }, subtypes: null, period: 1, start: { frame: 30, x: 0.95, y: 0.5 }, end: { frame: 30, x: null, y: null }, from: { id: 'P1', name: 'Player 1' }, to: null },
  ] });

  it('resolves provider player ids to shirt numbers and the home team from the metadata', () => {
    const src = parseMetricaEventsJson(JSON_EVENTS, XML);
    expect(src.events.map((e) => e.from)).toEqual(['away:9', 'home:1']);
    expect(src.events[0]?.subtypes).toEqual(['CROSS']);
    expect(src.roster.find((p) => p.key === 'home:1')).toMatchObject({ name: 'Keeper', goalkeeper: true });
    expect(src.periods).toEqual([{ period: 1, startFrame: 1, endFrame: 500 }]);
  });

  it('parses the metadata on its own', () => {
    const meta = parseEptsMetadata(XML);
    expect(meta.homeTeamId).toBe('TA');
    expect(meta.players.map((p) => [p.id, p.jersey, p.goalkeeper])).toEqual([['P1', 1, true], ['P9', 9, false]]);
  });

  it('refuses JSON without a data array', () => {
    expect(() => parseMetricaEventsJson('{"events": []}')).toThrow(/no "data" array/);
  });

  it.skipIf(!hasSharedData(METRICA_GAME_3_JSON, METRICA_GAME_3_XML))('reads the real Sample Game 3 excerpt through the same interface', () => {
    const src = parseMetricaEventsJson(readShared(METRICA_GAME_3_JSON), readShared(METRICA_GAME_3_XML));
    expect(src.events).toHaveLength(40);
    expect(src.events[0]).toMatchObject({ type: 'SET PIECE', subtypes: ['KICK OFF'], from: 'home:10' });
    expect(src.events.filter((e) => e.type === 'CARRY').length).toBeGreaterThan(5);
    expect(src.periods[0]).toEqual({ period: 1, startFrame: 1, endFrame: 69661 });
    expect(src.roster.filter((p) => p.goalkeeper).length).toBe(2);
  });
});
