import { describe, expect, it } from 'vitest';
import { teamColours } from '../../../renderer/app/team-colours.js';
import type { TeamReport } from '../../../renderer/app/match-types.js';

const report = (a: [number, number, number] | null, b: [number, number, number] | null) =>
  ({ teams: [{ team: 0, kit: a && { primary_rgb: a } }, { team: 1, kit: b && { primary_rgb: b } }] }) as unknown as TeamReport;

describe('the squads\' colours on markers', () => {
  it('are their shirts when those tell the squads apart', () => {
    expect(teamColours(report([200, 30, 40], [240, 240, 240]))).toEqual(['rgb(200, 30, 40)', 'rgb(240, 240, 240)']);
  });

  it('are the neutral pair when the shirts look alike or one was not read', () => {
    expect(teamColours(report([235, 235, 235], [245, 240, 250]))).toEqual(['#e4572e', '#3a86ff']);
    expect(teamColours(report([200, 30, 40], null))).toEqual(['#e4572e', '#3a86ff']);
  });
});
