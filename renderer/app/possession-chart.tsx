import type { Summary } from './match-types.js';

const UNKNOWN = '#b8c0ca';

/** The possession shares as a donut (SVG), team 0, team 1, then unknown, clockwise from the top. */
export function PossessionDonut({ summary, colours, label }: { summary: Summary; colours: [string, string]; label: string }) {
  const s = summary.possession.summary;
  const parts = [[s.team_0.pct, colours[0]], [s.team_1.pct, colours[1]], [s.unknown.pct, UNKNOWN]] as const;
  const r = 42;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <svg className="donut" viewBox="0 0 120 120" role="img" aria-label={label}>
      {parts.map(([pct, colour], i) => {
        const len = (pct / 100) * c;
        const el = <circle key={i} cx="60" cy="60" r={r} fill="none" stroke={colour} strokeWidth="18" strokeDasharray={`${len} ${c - len}`} strokeDashoffset={-offset} transform="rotate(-90 60 60)" />;
        offset += len;
        return el;
      })}
      <text x="60" y="56" textAnchor="middle" className="donut-value">{Math.round(s.team_0.pct)}%</text>
      <text x="60" y="74" textAnchor="middle" className="donut-value small">{Math.round(s.team_1.pct)}%</text>
    </svg>
  );
}

/** Possession minute by minute: one stacked column per minute (team 0 from the bottom, unknown on top). */
export function PossessionPerMinute({ summary, colours, label }: { summary: Summary; colours: [string, string]; label: string }) {
  const rows = summary.possession.per_minute;
  const w = 6;
  const width = Math.max(1, rows.length) * (w + 2);
  return (
    <svg className="per-minute" viewBox={`0 0 ${width} 60`} preserveAspectRatio="none" role="img" aria-label={label}>
      {rows.map((m, i) => {
        const x = i * (w + 2);
        const h0 = (m.team_0_pct / 100) * 60;
        const h1 = (m.team_1_pct / 100) * 60;
        return (
          <g key={m.minute}>
            <rect x={x} y={60 - h0} width={w} height={h0} fill={colours[0]} />
            <rect x={x} y={60 - h0 - h1} width={w} height={h1} fill={colours[1]} />
            <rect x={x} y={0} width={w} height={60 - h0 - h1} fill={UNKNOWN} />
          </g>
        );
      })}
    </svg>
  );
}
