import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from './api.js';
import type { Strings } from './strings.js';
import type { Summary, TeamReport } from './match-types.js';
import { teamColour, teamColours } from './team-colours.js';
import { VideoPlayer } from './video-player.js';
import { saveFile } from './save-file.js';
import { matchHref } from './route.js';
import {
  CONDITION_KINDS, clock, conditionProblem, intervalsCsv, intervalsEdl, newCondition, playlistStep, queryBody, totalSeconds,
  type BallActionKind, type Condition, type ConditionKind, type Interval,
} from './clip-model.js';

interface Match { videoId: number; summary: Summary; report: TeamReport }

/** One condition's editor: what it looks at, and its few settings. */
function ConditionRow({ c, index, match, t, onChange, onRemove }: {
  c: Condition; index: number; match: Match; t: Strings; onChange: (c: Condition) => void; onRemove: () => void;
}) {
  const names = [match.summary.teams.team_0_name, match.summary.teams.team_1_name];
  const teamSelect = (
    <select aria-label={t.clipTeam} value={c.team} onChange={(e) => onChange({ ...c, team: e.target.value as Condition['team'] })}>
      <option value="team_0">{names[0]}</option><option value="team_1">{names[1]}</option>
    </select>
  );
  const problem = conditionProblem(c);
  return (
    <li className="condition" data-kind={c.kind}>
      <span className="muted small">{index + 1}</span>
      <select aria-label={t.clipConditionKind} value={c.kind} onChange={(e) => onChange(newCondition(e.target.value as ConditionKind, match.summary.players[0]?.player_id ?? ''))}>
        {CONDITION_KINDS.map((k) => <option key={k} value={k}>{t.clipKinds[k]}</option>)}
      </select>
      {(c.kind === 'team_possession' || c.kind === 'ball_action' || c.kind === 'ball_location') && teamSelect}
      {c.kind === 'player_possession' && (
        <select aria-label={t.clipPlayer} value={c.player} onChange={(e) => onChange({ ...c, player: e.target.value })}>
          {match.summary.players.map((p) => <option key={p.player_id} value={p.player_id}>{p.name} ({names[p.team_id === 'team_0' ? 0 : 1]})</option>)}
        </select>
      )}
      {c.kind === 'ball_action' && (['pass', 'drive', 'shot'] as BallActionKind[]).map((a) => (
        <label key={a} className="check">
          <input type="checkbox" checked={c.actions.includes(a)} onChange={(e) => onChange({ ...c, actions: e.target.checked ? [...c.actions, a] : c.actions.filter((x) => x !== a) })} />
          {t.clipActions[a]}
        </label>
      ))}
      {c.kind === 'ball_location' && (
        <select aria-label={t.clipThird} value={c.third} onChange={(e) => onChange({ ...c, third: e.target.value as Condition['third'] })}>
          {(['defensive', 'middle', 'attacking'] as const).map((z) => <option key={z} value={z}>{t.clipThirds[z]}</option>)}
        </select>
      )}
      {c.kind === 'match_timeline' && (
        <select aria-label={t.clipPeriod} value={c.period} onChange={(e) => onChange({ ...c, period: e.target.value as Condition['period'] })}>
          <option value="first_half">{t.clipPeriods.first_half}</option><option value="second_half">{t.clipPeriods.second_half}</option>
        </select>
      )}
      {c.kind === 'scene' && (
        <select aria-label={t.clipScene} value={c.analysable ? 'yes' : 'no'} onChange={(e) => onChange({ ...c, analysable: e.target.value === 'yes' })}>
          <option value="yes">{t.clipSceneLive}</option><option value="no">{t.clipSceneOther}</option>
        </select>
      )}
      {problem && <span className="error small" role="alert">{t.clipProblems[problem]}</span>}
      <button type="button" className="button ghost" onClick={onRemove} aria-label={t.clipRemove(index + 1)}>✕</button>
    </li>
  );
}

/** The intervals over the whole video: a bar per interval, the one playing highlighted. */
function Timeline({ intervals, duration, playing, onPick, t }: { intervals: Interval[]; duration: number; playing: number | null; onPick: (k: number) => void; t: Strings }) {
  return (
    <div className="timeline" role="list" aria-label={t.clipTimeline}>
      {intervals.map((iv, k) => (
        <button key={`${iv.start}-${k}`} type="button" role="listitem" className={`segment${playing === k ? ' playing' : ''}`}
          style={{ left: `${(100 * iv.start) / duration}%`, width: `${Math.max(0.4, (100 * (iv.end - iv.start)) / duration)}%` }}
          title={`${clock(iv.start)}–${clock(iv.end)} ${iv.label}`} aria-label={t.clipPlayOne(k + 1, clock(iv.start))} onClick={() => onPick(k)} />
      ))}
    </div>
  );
}

/**
 * Clips from conditions: combine possession, ball actions, the ball's third, periods and scenes with
 * AND or OR, see the intervals on the match's timeline, play them back to back over the tracked video,
 * and take them away as CSV, an edit decision list or one MP4 cut by the service.
 */
export function ClipBuilder({ api, analysisId, t }: { api: Api; analysisId: number; t: Strings }) {
  const [match, setMatch] = useState<Match | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conditions, setConditions] = useState<Condition[]>([newCondition('team_possession')]);
  const [operator, setOperator] = useState<'AND' | 'OR'>('AND');
  const [pad, setPad] = useState(2);
  const [intervals, setIntervals] = useState<Interval[] | null>(null);
  const [busy, setBusy] = useState<'query' | 'export' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const playingRef = useRef<{ list: Interval[]; index: number } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api.analysis(analysisId), api.summary(analysisId), api.teamReport(analysisId)])
      .then(([a, summary, report]) => { if (live) setMatch({ videoId: a.video_id, summary, report }); })
      .catch((err: Error) => { if (live) setError(err.message); });
    return () => { live = false; };
  }, [api, analysisId]);

  const colours = useMemo<[string, string]>(() => (match ? teamColours(match.report) : [teamColour(null, 0), teamColour(null, 1)]), [match]);
  const onVideo = useCallback((v: HTMLVideoElement | null) => {
    video.current = v;
    if (!v) return;
    // Back to back: at the end of one interval, jump to the next one's start; stop after the last.
    v.addEventListener('timeupdate', () => {
      const p = playingRef.current;
      if (!p) return;
      const step = playlistStep(p.list, p.index, v.currentTime);
      if (!step) {
        v.pause();
        playingRef.current = null;
        setPlaying(null);
        return;
      }
      if (step.index !== p.index) { p.index = step.index; setPlaying(step.index); }
      if (step.seekTo !== null) v.currentTime = step.seekTo;
    });
  }, []);

  const play = (list: Interval[], index: number) => {
    const v = video.current;
    const first = list[index];
    if (!v || !first) return;
    playingRef.current = { list, index };
    setPlaying(index);
    v.currentTime = first.start;
    void v.play().catch(() => undefined);
  };

  const find = async () => {
    if (conditions.some((c) => conditionProblem(c))) return;
    setBusy('query');
    setMessage(null);
    try {
      setIntervals(await api.queryIntervals(analysisId, queryBody(conditions, operator, pad)));
      setPlaying(null);
      playingRef.current = null;
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const exportClips = async () => {
    if (!intervals?.length) return;
    setBusy('export');
    setMessage(t.clipExporting(Math.round(totalSeconds(intervals))));
    try {
      const file = await api.clips(analysisId, intervals);
      saveFile(file.blob, file.filename);
      setMessage(t.clipExported(file.filename));
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  if (error) return <div className="state" role="alert"><strong>{t.matchError}</strong><span className="muted">{error}</span><a className="button" href="#/library">{t.backToLibrary}</a></div>;
  if (!match) return <div className="state" aria-busy="true"><div className="spinner" />{t.matchLoading}</div>;
  const names: [string, string] = [match.summary.teams.team_0_name, match.summary.teams.team_1_name];
  const duration = Math.max(1, match.summary.metadata.video_length_sec);
  const base = `${match.summary.metadata.game_id || `analysis-${analysisId}`}_clips`;
  const playerNames = new Map(match.summary.players.map((p) => [p.player_id, p.name]));
  // Labels in the person's words: team names, player names, event and period names.
  const describe = (iv: Interval) => {
    const label = iv.label === 'team_0' ? names[0] : iv.label === 'team_1' ? names[1] : t.clipEventNames[iv.label] ?? playerNames.get(iv.label) ?? iv.label;
    return t.clipLabel(label, iv.player_id && iv.player_id !== iv.label ? playerNames.get(iv.player_id) ?? iv.player_id : undefined);
  };
  return (
    <article className="clips" aria-labelledby="clips-title">
      <p><a href={matchHref(analysisId)}>← {t.backToMatch}</a></p>
      <h1 id="clips-title">{t.clipTitle(names)}</h1>
      <div className="clip-layout">
        <section className="card" aria-labelledby="conditions-title">
          <h2 id="conditions-title">{t.clipConditions}</h2>
          <fieldset className="operator">
            <legend className="visually-hidden">{t.clipCombine}</legend>
            <label className="check"><input type="radio" name="op" checked={operator === 'AND'} onChange={() => setOperator('AND')} /> {t.clipAll}</label>
            <label className="check"><input type="radio" name="op" checked={operator === 'OR'} onChange={() => setOperator('OR')} /> {t.clipAny}</label>
          </fieldset>
          <ol className="conditions">
            {conditions.map((c, k) => (
              <ConditionRow key={k} c={c} index={k} match={match} t={t}
                onChange={(next) => setConditions(conditions.map((x, j) => (j === k ? next : x)))}
                onRemove={() => setConditions(conditions.filter((_, j) => j !== k))} />
            ))}
          </ol>
          <div className="toolbar">
            <button type="button" className="button" onClick={() => setConditions([...conditions, newCondition('ball_action')])}>{t.clipAdd}</button>
            <label className="check">{t.clipPad} <input type="number" min={0} max={30} value={pad} className="narrow" onChange={(e) => setPad(Math.max(0, Math.min(30, Math.round(Number(e.target.value) || 0))))} /></label>
            <button type="button" className="button primary" onClick={() => void find()} disabled={busy !== null || conditions.some((c) => conditionProblem(c))}>{busy === 'query' ? t.clipFinding : t.clipFind}</button>
          </div>
          {message && <p className="muted" role="status">{message}</p>}
          {intervals && (
            <>
              <h3>{t.clipFound(intervals.length, clock(totalSeconds(intervals)))}</h3>
              {intervals.length === 0 ? <p className="muted">{t.clipNone}</p> : (
                <>
                  <Timeline intervals={intervals} duration={duration} playing={playing} onPick={(k) => play(intervals, k)} t={t} />
                  <div className="toolbar">
                    <button type="button" className="button primary" onClick={() => play(intervals, 0)}>{t.clipPlayAll}</button>
                    <button type="button" className="button" onClick={() => saveFile(new Blob([intervalsCsv(intervals)], { type: 'text/csv' }), `${base}.csv`)}>CSV</button>
                    <button type="button" className="button" onClick={() => saveFile(new Blob([intervalsEdl(intervals, names.join(' - '), `${base}.mp4`)], { type: 'text/plain' }), `${base}.edl`)}>EDL</button>
                    <button type="button" className="button" onClick={() => void exportClips()} disabled={busy !== null}>{t.clipExportMp4}</button>
                  </div>
                  <ol className="interval-list">
                    {intervals.map((iv, k) => (
                      <li key={`${iv.start}-${k}`} aria-current={playing === k ? 'true' : undefined}>
                        <button type="button" className="button link" onClick={() => play(intervals, k)}>{clock(iv.start)}–{clock(iv.end)}</button>
                        <span className="muted small"> {describe(iv)}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </>
          )}
        </section>
        <section className="card" aria-labelledby="video-title">
          <h2 id="video-title">{t.video}</h2>
          <VideoPlayer api={api} videoId={match.videoId} analysisId={analysisId} colours={colours} t={t} onVideo={onVideo} />
        </section>
      </div>
    </article>
  );
}
