/**
 * Savitzky-Golay first-derivative weights for a quadratic fit (A. Savitzky and M. J. E. Golay, "Smoothing
 * and Differentiation of Data by Simplified Least Squares Procedures", Analytical Chemistry 36(8), 1964).
 *
 * A quadratic is fitted by least squares to `w` equally spaced samples; its slope at sample `p` of the
 * window is a fixed linear combination of the samples, so the filter is a dot product with precomputed
 * weights. At the centre the quadratic and linear fits give the same weights (k / sum k^2); off-centre
 * (the first and last samples of a stretch, where no centred window fits) the quadratic fit is what keeps
 * the slope exact for constant velocity and constant acceleration. This is the "interp" edge treatment of
 * scipy.signal.savgol_filter: the end samples take the slope of the fit over the first/last full window.
 */

/** Weights laid out [p * w + j]: slope at window position p (per sample step) = sum_j weights[p*w+j] * y_j. */
export function savgolSlopeWeights(w: number): Float64Array {
  if (!Number.isInteger(w) || w < 3) throw new Error(`quadratic Savitzky-Golay needs a window of at least 3 samples, got ${w}`);
  // Centred abscissae u_j = j - c make the odd moments vanish, so the 3x3 normal equations split into
  // b1 = sum(u y) / S2 and a 2x2 system for (b0, b2).
  const c = (w - 1) / 2;
  let s2 = 0;
  let s4 = 0;
  for (let j = 0; j < w; j++) {
    const u = j - c;
    s2 += u * u;
    s4 += u * u * u * u;
  }
  const det = w * s4 - s2 * s2;
  const out = new Float64Array(w * w);
  for (let p = 0; p < w; p++) {
    const up = p - c;
    for (let j = 0; j < w; j++) {
      const u = j - c;
      // d/du (b0 + b1 u + b2 u^2) at u_p = b1 + 2 u_p b2, with b2 = sum((w u_j^2 - S2) y_j) / det.
      out[p * w + j] = u / s2 + (2 * up * (w * u * u - s2)) / det;
    }
  }
  return out;
}
