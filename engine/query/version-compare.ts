/**
 * Dotted version comparison for feature gates (VER-01): `0.5.9` < `0.5.10` < `0.6.0`. Missing parts count
 * as 0 (`0.6` == `0.6.0`); a pre-release or build suffix (`0.6.0-dev`, `0.6.0+abc`) is ignored, and a part
 * that is not a number counts as 0, so an unreadable version never passes a gate it should not.
 */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

function parts(v: string): number[] {
  const core = v.trim().replace(/^v/i, '').split(/[-+]/, 1)[0] ?? '';
  return core.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : 0));
}
