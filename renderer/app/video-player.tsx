import { useEffect, useRef, useState } from 'react';
import type { Api } from './api.js';
import type { Strings } from './strings.js';
import { chunkOf, CHUNK_MS, fitContain, markersAt, pickMarker, type Marker, type TrackingWindow } from './overlay-model.js';

/** Frames drawn and the time drawing took: read by the browser test and the overlay benchmark. */
export interface OverlayStats {
  frames: number;
  drawMsTotal: number;
  drawMsMax: number;
}
declare global {
  interface Window { __overlayStats?: OverlayStats }
}

function drawMarkers(ctx: CanvasRenderingContext2D, markers: Marker[], fit: { scale: number; dx: number; dy: number }, colours: [string, string]): void {
  const r = Math.max(5, 9 * fit.scale);
  ctx.lineWidth = Math.max(2, 2.5 * fit.scale);
  ctx.font = `700 ${Math.round(Math.max(10, 12 * fit.scale))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  for (const m of markers) {
    const x = fit.dx + m.x * fit.scale;
    const y = fit.dy + m.y * fit.scale;
    if (m.role === 'ball') {
      ctx.fillStyle = '#ffd400';
      ctx.strokeStyle = '#111';
      ctx.beginPath();
      ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      continue;
    }
    const colour = m.role === 'referee' ? '#111111' : m.team === 'team_1' ? colours[1] : m.team === 'team_0' ? colours[0] : '#9aa3ad';
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.ellipse(x, y, r * 1.6, r * 0.6, 0, 0, Math.PI * 2);
    ctx.stroke();
    if (m.label) {
      const w = ctx.measureText(m.label).width + 8;
      ctx.fillStyle = colour;
      ctx.fillRect(x - w / 2, y + r * 0.8, w, r * 1.7);
      ctx.fillStyle = '#fff';
      ctx.fillText(m.label, x, y + r * 2.1);
    }
  }
}

/**
 * The analysed video with the tracked players and ball drawn over it, frame by frame: tracking windows
 * are fetched 20 s at a time around the play head and drawn on a canvas above the `<video>` on every
 * presented video frame. `onVideo` hands the element to a parent that drives playback (the clip builder).
 */
export function VideoPlayer({ api, videoId, analysisId, colours, t, onVideo, version = 0, onPick }: {
  api: Api; videoId: number; analysisId: number; colours: [string, string]; t: Strings; onVideo?: (video: HTMLVideoElement | null) => void;
  /** The correction log's version: a new one drops the tracking windows fetched under the old. */
  version?: number;
  /** Given: a "pick a player" mode in which a click on a person's marker hands over his track (the video pauses). */
  onPick?: (track: number, ms: number) => void;
}) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overlay, setOverlay] = useState(true);
  const overlayRef = useRef(overlay);
  overlayRef.current = overlay;
  const [picking, setPicking] = useState(false);
  // What the last drawn frame showed, for a click in pick mode.
  const shownRef = useRef<{ markers: Marker[]; fit: { scale: number; dx: number; dy: number }; ms: number } | null>(null);

  useEffect(() => {
    let live = true;
    setSrc(null);
    setError(null);
    api.mediaUrl(videoId).then((m) => { if (live) setSrc(m.url); }).catch((err: Error) => { if (live) setError(err.message); });
    return () => { live = false; };
  }, [api, videoId]);

  useEffect(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!src || !video || !canvas) return;
    onVideo?.(video);
    const windows = new Map<number, TrackingWindow | 'loading'>();
    const stats: OverlayStats = { frames: 0, drawMsTotal: 0, drawMsMax: 0 };
    window.__overlayStats = stats;
    let stopped = false;
    let handle = 0;
    const want = (chunk: number) => {
      if (windows.has(chunk)) return;
      windows.set(chunk, 'loading');
      api.trackingWindow(analysisId, chunk * CHUNK_MS, (chunk + 1) * CHUNK_MS)
        .then((w) => { windows.set(chunk, w); draw(); })
        .catch(() => windows.delete(chunk));
    };
    const draw = () => {
      const began = performance.now();
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const box = video.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(box.width * dpr) || canvas.height !== Math.round(box.height * dpr)) {
        canvas.width = Math.round(box.width * dpr);
        canvas.height = Math.round(box.height * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, box.width, box.height);
      // At its end a video shows its last frame, but its time is that frame's end: one 25 FPS frame back.
      const ms = Math.max(0, video.currentTime * 1000 - (video.ended ? 40 : 0));
      const chunk = chunkOf(ms);
      want(chunk);
      if (ms % CHUNK_MS > CHUNK_MS * 0.7) want(chunk + 1);
      const w = windows.get(chunk);
      if (overlayRef.current && w && w !== 'loading') {
        const markers = markersAt(w, ms);
        const fit = fitContain(video.videoWidth, video.videoHeight, box.width, box.height);
        drawMarkers(ctx, markers, fit, colours);
        shownRef.current = { markers, fit, ms };
      } else shownRef.current = null;
      const took = performance.now() - began;
      stats.frames++;
      stats.drawMsTotal += took;
      stats.drawMsMax = Math.max(stats.drawMsMax, took);
    };
    // Draw on every presented video frame where the browser says when that is; else on animation frames.
    const hasFrameCallback = 'requestVideoFrameCallback' in video;
    const loop = () => {
      if (stopped) return;
      draw();
      handle = hasFrameCallback ? video.requestVideoFrameCallback(loop) : requestAnimationFrame(loop);
    };
    loop();
    const redraw = () => draw();
    // A video that plays to its end presents no frame once it has ended: the last frame drawn may have had
    // the end's time (past every row), so its last frame's markers are drawn again then.
    video.addEventListener('ended', redraw);
    video.addEventListener('seeked', redraw);
    video.addEventListener('loadeddata', redraw);
    window.addEventListener('resize', redraw);
    return () => {
      stopped = true;
      if (hasFrameCallback) video.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
      video.removeEventListener('ended', redraw);
      video.removeEventListener('seeked', redraw);
      video.removeEventListener('loadeddata', redraw);
      window.removeEventListener('resize', redraw);
      onVideo?.(null);
    };
  }, [api, analysisId, src, colours, onVideo, version]);

  if (error) return <div className="state compact" role="status"><strong>{t.noVideo}</strong><span className="muted">{error}</span></div>;
  return (
    <div className="player">
      <div className="player-stage">
        {/* Captions: the video is a match recording without speech to transcribe. */}
        <video ref={videoRef} src={src ?? undefined} controls preload="metadata" aria-label={t.videoLabel} />
        <canvas ref={canvasRef} className={picking ? 'overlay picking' : 'overlay'} aria-hidden="true" onClick={(e) => {
          const shown = shownRef.current;
          const box = e.currentTarget.getBoundingClientRect();
          const m = shown && pickMarker(shown.markers, shown.fit, e.clientX - box.left, e.clientY - box.top);
          if (m && m.track !== null && shown) {
            videoRef.current?.pause();
            onPick?.(m.track, shown.ms);
          }
        }} />
        {!src && <div className="spinner player-spinner" aria-label={t.videoLoading} />}
      </div>
      <label className="check"><input type="checkbox" checked={overlay} onChange={(e) => setOverlay(e.target.checked)} /> {t.showOverlay}</label>
      {onPick && <label className="check"><input type="checkbox" checked={picking} onChange={(e) => setPicking(e.target.checked)} /> {t.pickPlayer}</label>}
    </div>
  );
}

