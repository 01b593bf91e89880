import type { PlayerReport } from './player-types.js';
import type { Strings } from './strings.js';

const COLOURS: Record<string, string> = { defensive: '#5b8def', middle: '#9aa3ad', attacking: '#e4572e' };

/** One cell per minute, coloured by the third the player spent it in (his attacking direction). */
export function ThirdsTimeline({ report, t }: { report: PlayerReport; t: Strings }) {
  const minutes = report.position.third_timeline;
  if (minutes.length === 0 || report.coordinate_frame === 'camera') return <p className="muted">{t.thirdsNone}</p>;
  const last = Math.max(...minutes.map((m) => m.minute));
  const byMinute = new Map(minutes.map((m) => [m.minute, m.third]));
  return (
    <>
      <div className="thirds" role="img" aria-label={t.thirdsTimelineLabel(minutes.length)} style={{ gridTemplateColumns: `repeat(${last + 1}, 1fr)` }}>
        {Array.from({ length: last + 1 }, (_, m) => {
          const third = byMinute.get(m);
          return <span key={m} title={`${m}': ${third ? t.thirdNames[third] : '–'}`} style={{ background: third ? COLOURS[third] : 'transparent' }} />;
        })}
      </div>
      <ul className="legend inline">
        {(['defensive', 'middle', 'attacking'] as const).map((k) => <li key={k}><span className="swatch" style={{ background: COLOURS[k] }} />{t.thirdNames[k]}</li>)}
        <li className="muted small">0' – {last + 1}'</li>
      </ul>
    </>
  );
}
