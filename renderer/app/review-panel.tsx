import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api, CorrectionLog, CorrectionState, TrackItem } from './api.js';
import type { Strings } from './strings.js';
import { clock, onScreen, typedPlayerId, visibleTracks, type VideoClock } from './review-model.js';
import { EventsEditor } from './events-editor.js';

const PAGE = 40;

/**
 * Review and correct (issue 33): the tracks to name (longest seen first), their squad and role, split and
 * merge, the events, undo and redo. Every change is one correction on the log's current version; the
 * parent re-reads the results after it (`onChanged`).
 */
export function ReviewPanel({ api, analysisId, version, onChanged, video, colours, names, picked, known, t }: {
  api: Api; analysisId: number; version: number; onChanged: (version: number) => void; video: VideoClock; colours: [string, string];
  /** The squads' display names, team_0 first. */
  names: [string, string];
  /** A track picked on the video: shown first, its name field focused. */
  picked: number | null;
  /** The match's players with their display names (the roster's, where it has them): the name fields offer them. */
  known: { player_id: string; name: string }[]; t: Strings;
}) {
  const [log, setLog] = useState<CorrectionLog | null>(null);
  const [tracks, setTracks] = useState<TrackItem[] | null>(null);
  const [unnamedOnly, setUnnamedOnly] = useState(true);
  const [shown, setShown] = useState(PAGE);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // After a name typed in the list, the field of the row now at its place (the next track to name) takes
  // the keyboard: naming is type, Enter, type, Enter.
  const [focusRow, setFocusRow] = useState<{ index: number; before: TrackItem[] | null } | null>(null);
  const listRef = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    // Once the tracks are read again after the name (the list has moved on).
    if (focusRow === null || !tracks || tracks === focusRow.before) return;
    const rows = listRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-track]');
    const row = rows?.[Math.min(focusRow.index, rows.length - 1)];
    row?.querySelector<HTMLInputElement>('input[list="known-players"]')?.focus();
    setFocusRow(null);
  }, [tracks, focusRow]);

  useEffect(() => {
    let live = true;
    Promise.all([api.corrections(analysisId), api.tracks(analysisId)])
      .then(([l, k]) => { if (live) { setLog(l); setTracks(k); } })
      .catch((err: Error) => { if (live) setMessage(err.message); });
    return () => { live = false; };
  }, [api, analysisId, version]);

  /** Runs one change on the log's version; a log that moved on (409 stale) is re-read. */
  const change = useCallback(async (run: (base: number) => Promise<CorrectionState>) => {
    if (!log || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const r = await run(log.version);
      setMessage(t.saved);
      // The next change builds on this version at once; the rest of the log is read again with the results.
      setLog((l) => (l ? { ...l, version: r.version, undo: r.undo, redo: r.redo } : l));
      onChanged(r.version);
    } catch (err) {
      const stale = (err as Error).message.includes('read them again');
      setMessage(stale ? t.staleLog : (err as Error).message);
      if (stale) onChanged((await api.corrections(analysisId)).version);
    } finally {
      setBusy(false);
    }
  }, [api, analysisId, busy, log, onChanged, t]);
  const correct = (correction: Record<string, unknown>) => change((base) => api.correct(analysisId, base, correction));

  // Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes, unless a field is being typed in.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || target?.closest('input, select, textarea')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey && log?.undo) { e.preventDefault(); void change((b) => api.undo(analysisId, b)); }
      if (((key === 'z' && e.shiftKey) || key === 'y') && log?.redo) { e.preventDefault(); void change((b) => api.redo(analysisId, b)); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api, analysisId, change, log]);

  const list = tracks ? visibleTracks(tracks, unnamedOnly) : [];
  const pickedTrack = picked === null ? undefined : tracks?.find((k) => k.track_id === picked);
  const head = (
    <thead>
      <tr><th>{t.trackColumn}</th><th>{t.squadColumn}</th><th>{t.nameColumn}</th><th>{t.roleColumn}</th><th>{t.onScreenColumn}</th><th>{t.whenColumn}</th><th /></tr>
    </thead>
  );
  return (
    <div className="review">
      {/* Typing in a name field searches these: the id or the player's name. */}
      <datalist id="known-players">
        {known.map((p) => <option key={p.player_id} value={p.player_id}>{p.name}</option>)}
      </datalist>
      <p className="muted small">{t.reviewHint}</p>
      <div className="toolbar" role="group" aria-label={t.review}>
        <button type="button" className="button" disabled={busy || !log?.undo} onClick={() => void change((b) => api.undo(analysisId, b))}>{t.undo}</button>
        <button type="button" className="button" disabled={busy || !log?.redo} onClick={() => void change((b) => api.redo(analysisId, b))}>{t.redo}</button>
        <button type="button" className="button" disabled={busy || !log} onClick={() => void correct({ op: 'swap_squads' })}>{t.swapSquads}</button>
        {log && <span className="muted small">{t.correctionsInForce(log.in_force.length)}</span>}
        {message && <span className="small" role="status">{message}</span>}
      </div>
      {pickedTrack && (
        <>
          <h3>{t.picked(pickedTrack.track_id)}</h3>
          <table className="tracks picked">
            {head}
            <tbody>
              <TrackRow api={api} analysisId={analysisId} key={`picked:${pickedTrack.track_id}:${pickedTrack.player_id ?? ''}`} track={pickedTrack} busy={busy} colours={colours} names={names} video={video} t={t} correct={correct} autoFocus />
            </tbody>
          </table>
        </>
      )}
      <h3>{t.tracksTitle}</h3>
      <label className="check"><input type="checkbox" checked={unnamedOnly} onChange={(e) => { setUnnamedOnly(e.target.checked); setShown(PAGE); }} /> {t.unnamedOnly}</label>
      {tracks && list.length === 0 ? <p className="muted">{t.noTracks}</p> : (
        <table className="tracks">
          {head}
          <tbody ref={listRef}>
            {list.slice(0, shown).map((k, i) => (
              // Keyed by the name too: a row whose track was renamed starts from the new name.
              <TrackRow
                api={api} analysisId={analysisId} key={`${k.track_id}:${k.player_id ?? ''}`} track={k} busy={busy} colours={colours} names={names} video={video} t={t}
                correct={correct} onNamed={() => setFocusRow({ index: i, before: tracks })}
              />
            ))}
          </tbody>
        </table>
      )}
      {list.length > shown && <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>{t.showMore(Math.min(PAGE, list.length - shown))}</button>}
      <EventsEditor api={api} analysisId={analysisId} version={version} busy={busy} video={video} names={names} t={t} correct={correct} />
    </div>
  );
}

/** A track's picture, fetched when its row shows (none for a match without a video). */
function TrackCrop({ api, analysisId, track, t }: { api: Api; analysisId: number; track: TrackItem; t: Strings }) {
  const [url, setUrl] = useState<string | null>(null);
  const at = track.sample?.t_ms ?? null;
  useEffect(() => {
    if (at === null) return undefined;
    let live = true;
    let made: string | null = null;
    api.trackCrop(analysisId, track.track_id)
      .then((blob) => { if (live) { made = URL.createObjectURL(blob); setUrl(made); } })
      .catch(() => undefined);
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [api, analysisId, track.track_id, at]);
  return url ? <img className="track-crop" src={url} alt={t.trackPicture(track.track_id)} /> : <span className="track-crop empty" />;
}

function TrackRow({ api, analysisId, track: k, busy, colours, names, video, t, correct, autoFocus = false, onNamed }: {
  api: Api; analysisId: number; track: TrackItem; busy: boolean; colours: [string, string]; names: [string, string]; video: VideoClock; t: Strings;
  correct: (c: Record<string, unknown>) => Promise<void>; autoFocus?: boolean; onNamed?: () => void;
}) {
  const [name, setName] = useState(k.player_id ?? k.suggested_player_id ?? '');
  const [merge, setMerge] = useState('');
  const id = typedPlayerId(name, k.team);
  const now = video.now();
  const canSplit = now !== null && now > k.first_ms && now <= k.last_ms;
  return (
    <tr data-track={k.track_id}>
      <td className="num"><TrackCrop api={api} analysisId={analysisId} track={k} t={t} />{k.track_id}</td>
      <td>
        <span className="swatch" style={{ background: k.team === 'team_1' ? colours[1] : k.team === 'team_0' ? colours[0] : '#9aa3ad' }} />
        <select aria-label={`${t.squadColumn} ${k.track_id}`} value={k.team ?? ''} disabled={busy} onChange={(e) => void correct({ op: 'set_track_squad', track_id: k.track_id, team: e.target.value || null })}>
          <option value="team_0">{names[0]}</option><option value="team_1">{names[1]}</option><option value="">{t.noSquad}</option>
        </select>
      </td>
      <td>
        <form className="inline" onSubmit={(e) => { e.preventDefault(); if (id) void correct({ op: 'name_track', track_id: k.track_id, player_id: id }).then(onNamed); }}>
          <input className="search short" list="known-players" aria-label={t.nameLabel(k.track_id)} placeholder={t.namePlaceholder} value={name} onChange={(e) => setName(e.target.value)} autoFocus={autoFocus} />
          <button type="submit" className="button" disabled={busy || !id || id === k.player_id}>{t.nameTrack}</button>
        </form>
        {k.suggested_player_id && <span className="muted small"> {t.suggested}</span>}
      </td>
      <td>
        <select aria-label={`${t.roleColumn} ${k.track_id}`} value={k.role} disabled={busy} onChange={(e) => void correct({ op: 'set_track_role', track_id: k.track_id, role: e.target.value })}>
          {['player', 'goal_keeper', 'referee', 'not_person'].map((r) => <option key={r} value={r}>{t.roles[r]}</option>)}
        </select>
      </td>
      <td className="num">{onScreen(k.seconds_on_screen)}</td>
      <td className="num">{clock(k.first_ms)}–{clock(k.last_ms)}</td>
      <td className="actions">
        <div>
          <button type="button" className="button" onClick={() => video.seek(k.sample?.t_ms ?? k.first_ms)}>{t.show}</button>
          <button type="button" className="button" disabled={busy || !canSplit} onClick={() => now !== null && void correct({ op: 'split_track', track_id: k.track_id, at_ms: Math.round(now) })}>{t.splitHere}</button>
          <form className="inline" onSubmit={(e) => { e.preventDefault(); if (/^\d+$/.test(merge)) void correct({ op: 'merge_tracks', track_id: k.track_id, into_track_id: Number(merge) }); }}>
            <input className="search tiny" aria-label={t.mergeLabel(k.track_id)} inputMode="numeric" value={merge} onChange={(e) => setMerge(e.target.value)} />
            <button type="submit" className="button" disabled={busy || !/^\d+$/.test(merge)}>{t.mergeInto}</button>
          </form>
        </div>
      </td>
    </tr>
  );
}
