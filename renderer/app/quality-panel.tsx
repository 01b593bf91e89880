import type { TeamReport } from './match-types.js';
import type { Strings } from './strings.js';

/** The quality grade with each reason said in words: what went wrong, how much of the match it touches. */
export function QualityPanel({ quality, t }: { quality: TeamReport['quality']; t: Strings }) {
  if (!quality) return <p className="muted">{t.qualityNone}</p>;
  return (
    <div className="quality">
      <p>
        <span className={`badge grade-${quality.grade ?? 'none'}`}>{quality.grade ? t.grades[quality.grade] ?? quality.grade : '–'}</span>{' '}
        <span className="muted">{quality.score === null ? '' : t.qualityScore(quality.score)}</span>
      </p>
      {quality.reasons.length === 0 ? <p className="muted">{t.qualityClean}</p> : (
        <ul className="reasons">
          {quality.reasons.map((r) => (
            <li key={r.code}>
              <strong>{t.reasons[r.code] ?? r.code}</strong>
              <span className="muted"> — {t.reasonImpact(r.impact, r.segments, r.severity)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
