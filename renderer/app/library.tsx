import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { VideoItem } from './api.js';
import type { Strings } from './strings.js';
import type { LibraryStore } from './store.js';
import { anythingMoving, formatDuration, isMoving, latestAnalysis, visibleVideos, type SortKey } from './library-model.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { matchHref } from './route.js';

/** Poll fast while something downloads or analyses (progress bars move), slowly otherwise. */
const POLL_MOVING_MS = 3000;
const POLL_IDLE_MS = 15000;

function StatusCell({ v, progress, t }: { v: VideoItem; progress: Record<number, number>; t: Strings }) {
  const a = latestAnalysis(v);
  const videoLabel = t.statuses[v.status] ?? v.status;
  if (!a || v.status !== 'available') return <span className={`badge status-${v.status}`}>{videoLabel}</span>;
  const label = t.analysis[a.status] ?? a.status;
  const pct = progress[a.id];
  return (
    <span className="status-stack">
      <span className={`badge analysis-${a.status}`}>{label}</span>
      {isMoving(a.status) ? (
        <span className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct ?? 0)}>
          <span className="progress-bar" style={{ width: `${Math.max(2, pct ?? 0)}%` }} />
        </span>
      ) : null}
    </span>
  );
}

/** Every video with its status and analysis progress; search, sort, delete with confirmation. */
export function Library({ store, t, locale }: { store: LibraryStore; t: Strings; locale: string }) {
  const { videos, progress, phase, error, query, sort, setQuery, setSort, refresh, remove, stop } = useStore(store);
  // The question being asked: delete a video, or stop its running analysis.
  const [asking, setAsking] = useState<{ kind: 'delete' | 'stop'; video: VideoItem; analysisId?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const ask = (kind: 'delete' | 'stop', video: VideoItem, analysisId?: number) => {
    setActionError(null);
    setAsking({ kind, video, ...(analysisId === undefined ? {} : { analysisId }) });
  };
  const moving = anythingMoving(videos);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), moving ? POLL_MOVING_MS : POLL_IDLE_MS);
    return () => clearInterval(timer);
  }, [refresh, moving]);

  const shown = useMemo(() => visibleVideos(videos, query, sort), [videos, query, sort]);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  if (phase === 'loading') return <div className="state" aria-busy="true"><div className="spinner" />{t.loading}</div>;
  if (phase === 'error') {
    return (
      <div className="state" role="alert">
        <strong>{t.error}</strong> <span className="muted">{error}</span>
        <button type="button" className="button" onClick={() => void refresh()}>{t.retry}</button>
      </div>
    );
  }
  return (
    <section aria-labelledby="library-title">
      <div className="toolbar">
        <h1 id="library-title">{t.library}</h1>
        <span className="muted" aria-live="polite">{t.count(shown.length)}</span>
        <input type="search" className="search" placeholder={t.search} aria-label={t.search} value={query} onChange={(e) => setQuery(e.target.value)} />
        <label className="sort">
          <span>{t.sortBy}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            <option value="newest">{t.sortNewest}</option>
            <option value="oldest">{t.sortOldest}</option>
            <option value="title">{t.sortTitle}</option>
            <option value="duration">{t.sortDuration}</option>
          </select>
        </label>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {videos.length === 0 ? (
        <div className="state empty"><strong>{t.empty}</strong><span className="muted">{t.emptyHint}</span></div>
      ) : shown.length === 0 ? (
        <div className="state empty">{t.noMatches(query)}</div>
      ) : (
        <table className="videos">
          <thead>
            <tr><th scope="col">{t.title}</th><th scope="col">{t.teams}</th><th scope="col" className="num">{t.duration}</th><th scope="col">{t.status}</th><th scope="col">{t.added}</th><th scope="col"><span className="visually-hidden">{t.actions}</span></th></tr>
          </thead>
          <tbody>
            {shown.map((v) => (
              <tr key={v.id} data-video={v.id}>
                <th scope="row"><span className="video-title">{v.title}</span><span className="muted small">{v.game_name}</span></th>
                <td>{v.home_team_name} – {v.away_team_name}</td>
                <td className="num">{formatDuration(v.duration)}</td>
                <td><StatusCell v={v} progress={progress} t={t} /></td>
                <td className="muted">{date.format(new Date(v.created_at))}</td>
                <td className="row-actions">
                  {latestAnalysis(v)?.status === 'done' ? <a className="button" href={matchHref((latestAnalysis(v) as { id: number }).id)}>{t.open}</a> : null}
                  {v.status === 'available' && isMoving(latestAnalysis(v)?.status ?? '') ? (
                    <button type="button" className="button ghost" onClick={() => ask('stop', v, latestAnalysis(v)?.id)} aria-label={`${t.stop}: ${v.title}`}>{t.stop}</button>
                  ) : null}
                  <button type="button" className="button ghost" onClick={() => ask('delete', v)} aria-label={`${t.delete}: ${v.title}`}>{t.delete}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {asking ? (
        <ConfirmDialog
          title={asking.kind === 'delete' ? t.confirmDelete(asking.video.title) : t.confirmStop(asking.video.title)}
          body={asking.kind === 'delete' ? t.confirmDeleteHint : t.confirmStopHint}
          confirmLabel={busy ? (asking.kind === 'delete' ? t.deleting : t.stopping) : asking.kind === 'delete' ? t.delete : t.stop}
          cancelLabel={t.cancel} busy={busy} error={actionError}
          onCancel={() => setAsking(null)}
          onConfirm={async () => {
            setBusy(true);
            try {
              if (asking.kind === 'delete') await remove(asking.video.id);
              else await stop(asking.analysisId as number);
              setAsking(null);
            } catch (err) {
              setActionError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        />
      ) : null}
    </section>
  );
}
