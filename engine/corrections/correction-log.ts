import type { Correction, LogEntry } from './correction-types.js';

/** A correction in force, with the `seq` of the log entry that made it (an added event's id uses it). */
export interface AppliedCorrection {
  seq: number;
  correction: Correction;
}

/** What a derivation needs to apply a log: its version (the cache key) and the corrections in force. */
export type CorrectionsInForce = Pick<EffectiveLog, 'version' | 'corrections'>;

/** The corrections in force after replaying a log's undos and redos, and what undo and redo would do now. */
export interface EffectiveLog {
  version: number;
  corrections: AppliedCorrection[];
  /** The `seq` of the correction an undo would take back, and of the one a redo would bring back. */
  undo: number | null;
  redo: number | null;
}

/**
 * Replays the log: a correction applies and clears what could be redone; an undo takes back the latest
 * correction in force; a redo brings back the latest one undone. Entries are never rewritten, so the
 * log says what happened and in which order.
 */
export function effectiveLog(entries: readonly LogEntry[]): EffectiveLog {
  const done: AppliedCorrection[] = [];
  const undone: AppliedCorrection[] = [];
  for (const e of entries) {
    if (e.action.kind === 'correction') {
      done.push({ seq: e.seq, correction: e.action.correction });
      undone.length = 0;
    } else if (e.action.kind === 'undo') {
      const last = done.pop();
      if (last) undone.push(last);
    } else {
      const last = undone.pop();
      if (last) done.push(last);
    }
  }
  return {
    version: entries.length ? (entries[entries.length - 1] as LogEntry).seq : 0,
    corrections: done,
    undo: done.length ? (done[done.length - 1] as AppliedCorrection).seq : null,
    redo: undone.length ? (undone[undone.length - 1] as AppliedCorrection).seq : null,
  };
}

/** Whether the corrections in force swap the squads (an odd number of swaps): files named by squad or id are the other's. */
export function squadsSwapped(corrections: readonly AppliedCorrection[]): boolean {
  return corrections.filter((k) => k.correction.op === 'swap_squads').length % 2 === 1;
}
