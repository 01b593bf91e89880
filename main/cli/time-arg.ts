/**
 * Match clock arguments: `10:00` (mm:ss), `1:02:03` (h:mm:ss), `90s`, `2m`, `1h`, `1500ms`, or a
 * plain number of seconds. Returns milliseconds, or throws with the accepted forms.
 */
export function parseClock(text: string, name: string): number {
  const t = text.trim();
  let m = /^(\d+):([0-5]?\d)(?::([0-5]?\d))?(\.\d+)?$/.exec(t);
  if (m) {
    const [a, b, c] = [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3])];
    const seconds = c === null ? a * 60 + b : a * 3600 + b * 60 + c;
    return Math.round((seconds + Number(m[4] ?? 0)) * 1000);
  }
  m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(t);
  if (m) {
    const scale = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
    return Math.round(Number(m[1]) * scale);
  }
  throw new Error(`--${name} must look like 10:00, 1:02:03, 90s, 2m or 1500ms; got '${text}'`);
}
