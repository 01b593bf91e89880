import { describe, expect, it } from 'vitest';
import { effectiveLog } from '../../../engine/corrections/correction-log.js';
import type { LogAction, LogEntry } from '../../../engine/corrections/correction-types.js';

const log = (...actions: LogAction[]): LogEntry[] => actions.map((action, i) => ({ seq: i + 1, action, created_at: '2026-11-27T00:00:00Z', key_id: null }));
const name = (track: number): LogAction => ({ kind: 'correction', correction: { op: 'name_track', track_id: track, player_id: '0-7' } });

describe('effectiveLog', () => {
  it('an empty log is version 0 with nothing to undo or redo', () => {
    expect(effectiveLog([])).toEqual({ version: 0, corrections: [], undo: null, redo: null });
  });

  it('undo takes back the latest correction in force, redo brings it back', () => {
    const undone = effectiveLog(log(name(1), name(2), { kind: 'undo' }));
    expect(undone.corrections.map((k) => k.seq)).toEqual([1]);
    expect(undone).toMatchObject({ version: 3, undo: 1, redo: 2 });
    const redone = effectiveLog(log(name(1), name(2), { kind: 'undo' }, { kind: 'redo' }));
    expect(redone.corrections.map((k) => k.seq)).toEqual([1, 2]);
    expect(redone).toMatchObject({ version: 4, undo: 2, redo: null });
  });

  it('a new correction after an undo clears what could be redone', () => {
    const e = effectiveLog(log(name(1), { kind: 'undo' }, name(3)));
    expect(e.corrections.map((k) => k.seq)).toEqual([3]);
    expect(e.redo).toBeNull();
  });

  it('undo with nothing in force and redo with nothing undone change nothing', () => {
    const e = effectiveLog(log({ kind: 'undo' }, { kind: 'redo' }, name(1), { kind: 'undo' }, { kind: 'undo' }));
    expect(e.corrections).toEqual([]);
    expect(e).toMatchObject({ version: 5, undo: null, redo: 3 });
  });
});
