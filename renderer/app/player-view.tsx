import { useEffect, useMemo, useState } from 'react';
import type { Api } from './api.js';
import type { PlayerReport } from './player-types.js';
import type { Strings } from './strings.js';
import { PlayerPitch, type PitchLayer, type Teammate } from './player-pitch.js';
import { ThirdsTimeline } from './thirds-timeline.js';
import { teamColour } from './team-colours.js';
import { CropStrip } from './crop-strip.js';
import type { TeamReport } from './match-types.js';
import { matchHref } from './route.js';

const LAYERS: PitchLayer[] = ['heatmap', 'with_ball', 'shape', 'sprints', 'passes', 'network'];
const NO_MATES: Teammate[] = [];

/** One player's report: physical output, where he played, what he did on the ball (spec 2.9). */
export function PlayerView({ api, analysisId, playerId, t }: { api: Api; analysisId: number; playerId: string; t: Strings }) {
  const [report, setReport] = useState<PlayerReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [layer, setLayer] = useState<PitchLayer>('heatmap');
  // The team report gives the teammates' average positions (pass network) and the team's name; the
  // view does not wait for it.
  const [team, setTeam] = useState<TeamReport | null>(null);
  useEffect(() => {
    let live = true;
    setReport(null);
    setError(null);
    api.playerReport(analysisId, playerId).then((r) => { if (live) setReport(r); }, (err: Error) => { if (live) setError(err.message); });
    api.teamReport(analysisId).then((r) => { if (live) setTeam(r); }, () => undefined);
    return () => { live = false; };
  }, [api, analysisId, playerId]);
  const side = team?.teams.find((x) => x.team === Number(playerId.slice(0, 1)));
  const teammates = useMemo(() => side?.average_positions.filter((p) => p.player_id !== playerId) ?? NO_MATES, [side, playerId]);

  if (error) return <div className="state" role="alert"><strong>{t.playerError}</strong><span className="muted">{error}</span><a className="button" href={matchHref(analysisId)}>{t.backToMatch}</a></div>;
  if (!report) return <div className="state" aria-busy="true"><div className="spinner" />{t.playerLoading}</div>;
  const colour = teamColour(report.card.kit, report.team);
  const p = report.physical;
  const maxZone = Math.max(1, ...p.speed_zones.map((z) => z.distance_m));
  const maxBucket = Math.max(1, ...p.distance_per_bucket.map((b) => b.distance_m));
  const touchMax = Math.max(1, ...report.on_ball.touch_grid.counts.flat());
  return (
    <article className="match" aria-labelledby="player-title">
      <p><a href={matchHref(analysisId)}>← {t.backToMatch}</a></p>
      <h1 id="player-title"><span className="swatch" style={{ background: colour }} />{t.playerTitle(report.label, report.role)}</h1>
      <p className="muted">{t.coverageLine(report.coverage.seconds_detected)}</p>
      {!report.coverage.reliable ? <p className="notice" role="note">{t.unreliable}</p> : null}
      <div className="cards">
        <section className="card" aria-labelledby="physical-title">
          <h2 id="physical-title">{t.physical}</h2>
          <dl className="figures">
            <div><dt>{t.distance}</dt><dd>{(p.distance_m / 1000).toFixed(2)} km</dd></div>
            <div><dt>{t.topSpeed}</dt><dd>{p.top_speed_kmh.toFixed(1)}</dd></div>
            <div><dt>{t.sprints}</dt><dd>{p.sprints.length}</dd></div>
          </dl>
          <h3>{t.speedZones}</h3>
          <ul className="territory">
            {p.speed_zones.map((z) => (
              <li key={z.name}><span>{t.zoneFull[z.name] ?? z.name}</span><span className="bar"><span style={{ width: `${(100 * z.distance_m) / maxZone}%` }} /></span><span className="num">{Math.round(z.distance_m)} m</span></li>
            ))}
          </ul>
          <h3>{t.perQuarter}</h3>
          <div className="buckets" role="img" aria-label={t.perQuarter}>
            {p.distance_per_bucket.map((b) => (
              <span key={b.start_min} className="bucket" title={`${b.start_min}-${b.end_min}': ${Math.round(b.distance_m)} m`}>
                <span style={{ height: `${(100 * b.distance_m) / maxBucket}%` }} />
                <small>{b.start_min}'</small>
              </span>
            ))}
          </div>
        </section>
        <section className="card" aria-labelledby="ball-title">
          <h2 id="ball-title">{t.onBall}</h2>
          <dl className="figures">
            <div><dt>{t.touches}</dt><dd>{report.on_ball.touches}</dd></div>
            <div><dt>{t.passes}</dt><dd>{report.on_ball.passes.length}</dd></div>
            <div><dt>{t.shots}</dt><dd>{report.on_ball.shots.length}</dd></div>
            <div><dt>{t.carries}</dt><dd>{report.on_ball.carries.length}</dd></div>
          </dl>
          <h3>{t.touchGrid}</h3>
          <div className="touch-grid" role="img" aria-label={t.touchGrid}>
            {[2, 1, 0].map((j) => [0, 1, 2].map((i) => {
              const n = report.on_ball.touch_grid.counts[i]?.[j] ?? 0;
              return <span key={`${i}-${j}`} style={{ opacity: 0.15 + 0.85 * (n / touchMax) }}>{n}</span>;
            }))}
          </div>
          <h3>{t.network}</h3>
          {report.on_ball.network.length === 0 ? <p className="muted">{t.noNetwork}</p> : (
            <ul className="legend">{report.on_ball.network.slice(0, 5).map((n) => <li key={n.player_id}>{n.player_id}: {n.n}</li>)}</ul>
          )}
        </section>
      </div>
      <section className="card wide" aria-labelledby="pitch-title">
        <h2 id="pitch-title">{t.onThePitch}</h2>
        <div className="segmented" role="group" aria-label={t.onThePitch}>
          {LAYERS.map((l) => (
            <button key={l} type="button" className="button" aria-pressed={layer === l} disabled={l === 'with_ball' && !report.position.heatmap_with_ball} onClick={() => setLayer(l)}>{t.layers[l]}</button>
          ))}
        </div>
        <p className="muted small">{t.frameNotePlayer[report.coordinate_frame]}</p>
        <PlayerPitch report={report} layer={layer} width={760} colour={colour} label={`${t.onThePitch}: ${t.layers[layer]}`} teammates={teammates} />
        {layer === 'network' && !report.on_ball.network.some((l) => teammates.some((m) => m.player_id === l.player_id)) ? <p className="muted small">{t.noNetworkPitch}</p> : null}
        <h3>{t.thirdsTimeline}</h3>
        <ThirdsTimeline report={report} t={t} />
      </section>
      <section className="card wide" aria-labelledby="crops-title">
        <h2 id="crops-title">{t.crops}</h2>
        <CropStrip api={api} analysisId={analysisId} playerId={playerId} teamName={side?.name ?? ''} t={t} />
      </section>
    </article>
  );
}
