import { describe, expect, it } from 'vitest';
import { parseFilter } from '../../../main/cli/filter-arg.js';
import { FILTER_CATALOGUE } from '../../../engine/query/filter-catalogue.js';
import { CliError } from '../../../main/cli/cli-error.js';

const catalogue = FILTER_CATALOGUE.map((f) => ({ type: f.type, parameters: f.parameters.map((p) => ({ name: p.name, type: p.type })) }));

describe('parseFilter (touchline query --filter)', () => {
  it('types each key=value by the schema catalogue: lists, numbers, booleans, strings', () => {
    expect(parseFilter('ball_action actions=pass,shot teams=team_0', catalogue)).toEqual({ type: 'ball_action', actions: ['pass', 'shot'], teams: ['team_0'] });
    expect(parseFilter('  ball_location x_min=70 y_max=20.5 team_side_perspective=team_1 ', catalogue))
      .toEqual({ type: 'ball_location', x_min: 70, y_max: 20.5, team_side_perspective: 'team_1' });
    expect(parseFilter('scene is_analysable=false', catalogue)).toEqual({ type: 'scene', is_analysable: false });
    expect(parseFilter('team_possession', catalogue)).toEqual({ type: 'team_possession' });
    expect(parseFilter('event_property event_type=pass conditions=[{"property":"length_m","op":"gt","value":30}]', catalogue))
      .toEqual({ type: 'event_property', event_type: 'pass', conditions: [{ property: 'length_m', op: 'gt', value: 30 }] });
  });

  it('passes the API\'s own JSON form through', () => {
    expect(parseFilter('{"type":"player_possession","players":["0-7"]}', catalogue)).toEqual({ type: 'player_possession', players: ['0-7'] });
  });

  it('refuses, in words, what cannot be a filter (exit code 2)', () => {
    const cases: [string, RegExp][] = [
      ['kicks', /unknown filter type 'kicks'; one of event_property, .*ball_action/],
      ['frame_state speed_min_mps=fast', /speed_min_mps must be a number, got 'fast'/],
      ['scene is_analysable=yes', /must be true or false/],
      ['ball_action colour=red', /'colour=red' is not key=value with a key of actions, teams, players, name/],
      ['ball_action actions', /'actions' is not key=value/],
      ['event_property conditions=length>3', /must be a JSON array/],
      ['{"type":', /not valid JSON/],
      ['{"teams":["team_0"]}', /must be an object with a "type"/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        parseFilter(text, catalogue);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as Error).message).toMatch(message);
    }
  });
});
