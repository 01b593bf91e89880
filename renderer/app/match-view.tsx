import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from './api.js';
import type { Summary, TeamReport } from './match-types.js';
import type { Strings } from './strings.js';
import { AveragePositions } from './average-positions.js';
import { teamColour, teamColours } from './team-colours.js';
import { PossessionDonut, PossessionPerMinute } from './possession-chart.js';
import { PlayerTable } from './player-table.js';
import { QualityPanel } from './quality-panel.js';
import { formatDuration } from './library-model.js';
import { ExportMenu } from './export-menu.js';
import { clipsHref, playerHref } from './route.js';
import { VideoPlayer } from './video-player.js';
import { ReviewPanel } from './review-panel.js';
import type { VideoClock } from './review-model.js';

/** Own third first, as a person reads the pitch from the back (the API sorts by name). */
const ZONE_ORDER = ['defensive_third', 'middle_third', 'attacking_third'];

/** One analysed match: possession, the quality of the analysis, the squads' shape, every player's numbers. */
export function MatchView({ api, analysisId, t }: { api: Api; analysisId: number; t: Strings }) {
  const [data, setData] = useState<{ summary: Summary; report: TeamReport; videoId: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The correction log's version: every correction bumps it, and everything shown is read again. The
  // summary first (the player table): the review panel and the overlay follow once it is shown
  // (`shown`), so their reads do not queue before it in the service's derive worker.
  const [version, setVersion] = useState(0);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    setData(null);
    setVersion(0);
    setShown(0);
  }, [api, analysisId]);
  useEffect(() => {
    let live = true;
    setError(null);
    if (version === 0) {
      Promise.all([api.summary(analysisId), api.teamReport(analysisId), api.analysis(analysisId)])
        .then(([summary, report, analysis]) => { if (live) setData({ summary, report, videoId: analysis.video_id }); })
        .catch((err: Error) => { if (live) setError(err.message); });
    } else {
      api.summary(analysisId)
        .then((summary) => {
          if (!live) return;
          setData((d) => (d ? { ...d, summary } : d));
          setShown(version);
          performance.mark('touchline:correction-shown');
          return api.teamReport(analysisId).then((report) => { if (live) setData((d) => (d ? { ...d, report } : d)); });
        })
        .catch((err: Error) => { if (live) setError(err.message); });
    }
    return () => { live = false; };
  }, [api, analysisId, version]);
  const [picked, setPicked] = useState<number | null>(null);
  const onPick = useCallback((track: number) => setPicked(track), []);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const onVideo = useCallback((v: HTMLVideoElement | null) => { videoRef.current = v; }, []);
  const clock = useMemo<VideoClock>(() => ({
    now: () => (videoRef.current && videoRef.current.readyState > 0 ? videoRef.current.currentTime * 1000 : null),
    seek: (ms) => {
      const v = videoRef.current;
      if (!v) return;
      v.currentTime = ms / 1000;
      v.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  }), []);

  // The moment the match can be read and used, for bench:app (the target is within 1 s of opening).
  useEffect(() => {
    if (data) performance.mark('touchline:match-ready');
  }, [data]);
  const colours = useMemo<[string, string]>(() => (data ? teamColours(data.report) : [teamColour(null, 0), teamColour(null, 1)]), [data]);
  if (error) return <div className="state" role="alert"><strong>{t.matchError}</strong><span className="muted">{error}</span><a className="button" href="#/library">{t.backToLibrary}</a></div>;
  if (!data) return <div className="state" aria-busy="true"><div className="spinner" />{t.matchLoading}</div>;
  const { summary, report } = data;
  const names: [string, string] = [summary.teams.team_0_name, summary.teams.team_1_name];
  const territory = report.territory.reduce((a, z) => a + z.seconds, 0);
  return (
    <article className="match" aria-labelledby="match-title">
      <p><a href="#/library">← {t.library}</a></p>
      <h1 id="match-title">
        <span className="swatch" style={{ background: colours[0] }} />{names[0]} <span className="muted">–</span> {names[1]}<span className="swatch" style={{ background: colours[1] }} />
      </h1>
      <p className="muted">{summary.metadata.game_date} · {formatDuration(summary.metadata.video_length_sec)}</p>
      <nav className="toolbar" aria-label={t.matchTools}>
        <a className="button" href={clipsHref(analysisId)}>{t.clipsNav}</a>
        <ExportMenu api={api} analysisId={analysisId} summary={summary} report={report} t={t} />
      </nav>
      <div className="cards">
        <section className="card" aria-labelledby="possession-title">
          <h2 id="possession-title">{t.possession}</h2>
          <div className="possession">
            <PossessionDonut summary={summary} colours={colours} label={t.possessionLabel(names, summary.possession.summary.team_0.pct, summary.possession.summary.team_1.pct)} />
            <ul className="legend">
              <li><span className="swatch" style={{ background: colours[0] }} />{names[0]} {summary.possession.summary.team_0.pct.toFixed(1)}%</li>
              <li><span className="swatch" style={{ background: colours[1] }} />{names[1]} {summary.possession.summary.team_1.pct.toFixed(1)}%</li>
              <li><span className="swatch unknown" />{t.unknown} {summary.possession.summary.unknown.pct.toFixed(1)}%</li>
            </ul>
          </div>
          <h3>{t.perMinute}</h3>
          <PossessionPerMinute summary={summary} colours={colours} label={t.perMinute} />
        </section>
        <section className="card" aria-labelledby="quality-title">
          <h2 id="quality-title">{t.quality}</h2>
          <QualityPanel quality={report.quality} t={t} />
          <h3>{t.territory}</h3>
          {report.territory.length === 0 ? <p className="muted">{t.noTerritory}</p> : (
            <ul className="territory">
              {[...report.territory].sort((a, b) => ZONE_ORDER.indexOf(a.zone) - ZONE_ORDER.indexOf(b.zone)).map((z) => (
                <li key={z.zone}><span>{t.zones[z.zone] ?? z.zone}</span><span className="bar"><span style={{ width: `${(100 * z.seconds) / Math.max(1, territory)}%` }} /></span><span className="num">{Math.round((100 * z.seconds) / Math.max(1, territory))}%</span></li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="card wide" aria-labelledby="video-title">
        <h2 id="video-title">{t.video}</h2>
        <VideoPlayer api={api} videoId={data.videoId} analysisId={analysisId} colours={colours} t={t} onVideo={onVideo} version={shown} onPick={onPick} />
      </section>
      <section className="card wide" aria-labelledby="review-title">
        <h2 id="review-title">{t.review}</h2>
        <ReviewPanel api={api} analysisId={analysisId} version={shown} onChanged={setVersion} video={clock} colours={colours} names={names} picked={picked} known={summary.players} t={t} />
      </section>
      <section className="card wide" aria-labelledby="shape-title">
        <h2 id="shape-title">{t.averagePositions}</h2>
        <p className="muted small">{t.frameNote[report.coordinate_frame]}</p>
        <AveragePositions report={report} width={760} label={t.averagePositions} />
      </section>
      <section className="card wide" aria-labelledby="players-title">
        <h2 id="players-title">{t.players}</h2>
        <PlayerTable players={summary.players} teamNames={names} t={t} hrefOf={(id) => playerHref(analysisId, id)} />
      </section>
    </article>
  );
}
