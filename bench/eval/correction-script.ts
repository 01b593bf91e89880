import { applyCorrections, type CorrectedResults, type Results } from '../../engine/corrections/apply-corrections.js';
import { checkCorrection } from '../../engine/corrections/check-correction.js';
import type { AppliedCorrection } from '../../engine/corrections/correction-log.js';
import type { Correction } from '../../engine/corrections/correction-types.js';

/**
 * A script's corrections of one analysis, each checked as `POST .../corrections` checks it against the
 * results as corrected so far, and applied as every read applies the log (bench:naming's scripts).
 */
export class CorrectionScript {
  readonly applied: AppliedCorrection[] = [];
  now: CorrectedResults;
  refused = 0;

  constructor(private readonly results: Results) {
    this.now = applyCorrections(results, []);
  }

  /** Applies the correction if the checks let it (true), else counts it refused. */
  apply(correction: Correction): boolean {
    if (checkCorrection(correction, this.now)) {
      this.refused++;
      return false;
    }
    this.applied.push({ seq: this.applied.length + 1, correction });
    this.now = applyCorrections(this.results, this.applied);
    return true;
  }
}
