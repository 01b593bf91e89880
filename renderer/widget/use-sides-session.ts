import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetBoot } from './boot.js';
import { postToParent, type ParentMessage } from './parent-messages.js';
import { widgetApi, WidgetApiError, type KitKey, type Preview, type Sides } from './widget-api.js';

/** Spec 2.3: clients poll every 2 s while the preview is processing. */
const POLL_MS = 2000;
/** How long kits wait for their crops before the drawn swatches are shown (EMB-07). */
const CROP_HOLD_MS = 4000;
/** `svc:sides-close` follows the confirmation by this much (EMB-13), leaving the receipt readable. */
const CLOSE_AFTER_MS = 3000;

export type Phase =
  | { kind: 'loading' }
  | { kind: 'choose' }
  | { kind: 'saving' }
  | { kind: 'confirmed' }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'error'; message: string };

/**
 * The widget session of spec section 3: poll the preview, let a person answer, confirm, then a
 * read-only receipt; an expired token at any point ends it (EMB-14). Every change the parent must know
 * about is posted to it here, and only here.
 */
export function useSidesSession(boot: WidgetBoot) {
  const [phase, setPhase] = useState<Phase>(boot.state === 'valid' ? { kind: 'loading' } : { kind: boot.state });
  const [sides, setSides] = useState<Sides | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [cropHoldOver, setCropHoldOver] = useState(false);
  const ended = useRef(false);

  const post = useCallback((message: ParentMessage) => postToParent(boot.allowedOrigins, message), [boot.allowedOrigins]);
  const videoId = boot.videoId ?? 0;

  const expire = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    setPhase({ kind: 'expired' });
    post({ type: 'svc:sides-expired', videoId });
  }, [post, videoId]);

  const fail = useCallback((err: unknown) => {
    if (err instanceof WidgetApiError && err.expired) return expire();
    const message = (err as Error).message;
    setPhase({ kind: 'error', message });
    post({ type: 'svc:sides-error', videoId: boot.videoId, message });
  }, [expire, post, boot.videoId]);

  // A token that arrives expired says so at once; a live one ends when its time is up.
  useEffect(() => {
    if (boot.state === 'expired') expire();
    if (boot.state !== 'valid' || !boot.expiresAt) return;
    const timer = setTimeout(expire, Math.max(0, Date.parse(boot.expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [boot.state, boot.expiresAt, expire]);

  // Names and any earlier answer (EMB-11: reopening pre-selects the confirmed kit).
  useEffect(() => {
    if (boot.state !== 'valid') return;
    widgetApi.sides(boot.token).then(setSides, fail);
  }, [boot.state, boot.token, fail]);

  // The preview, polled until its kits are in and their crops came or will not come.
  useEffect(() => {
    if (boot.state !== 'valid') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const p = await widgetApi.preview(boot.token);
        if (stopped) return;
        setPreview(p);
        if (p.status === 'unavailable') {
          setPhase({ kind: 'unavailable', reason: p.reason ?? '' });
          post({ type: 'svc:sides-error', videoId, message: p.reason ?? 'no kits found' });
          return;
        }
        if (p.status === 'processing' || p.crops_status === 'pending') timer = setTimeout(poll, POLL_MS);
      } catch (err) {
        if (!stopped) fail(err);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [boot.state, boot.token, fail, post, videoId]);

  const kitsIn = preview?.status === 'ready';
  useEffect(() => {
    if (!kitsIn) return;
    const timer = setTimeout(() => setCropHoldOver(true), CROP_HOLD_MS);
    return () => clearTimeout(timer);
  }, [kitsIn]);

  const cropsSettled = preview?.crops_status !== 'pending' || cropHoldOver;
  useEffect(() => {
    if (phase.kind === 'loading' && kitsIn && sides && cropsSettled) setPhase({ kind: 'choose' });
  }, [phase.kind, kitsIn, sides, cropsSettled]);

  const confirm = useCallback(async (answer: { homeKey: KitKey; homeName: string; awayName: string }) => {
    if (!sides) return;
    setPhase({ kind: 'saving' });
    // Only changed, non-blank names are sent (EMB-09: blank keeps the stored name); never with readonly_names.
    const changed = (typed: string, stored: string | null) => (!sides.readonly_names && typed.trim() && typed.trim() !== stored ? typed.trim() : undefined);
    try {
      const saved = await widgetApi.confirm(boot.token, {
        home_key: answer.homeKey,
        home_name: changed(answer.homeName, sides.home_team_name),
        away_name: changed(answer.awayName, sides.away_team_name),
      });
      setSides(saved);
      setPhase({ kind: 'confirmed' });
      post({
        type: 'svc:sides-confirmed', videoId: saved.video_id, leftStartTeam: saved.left_start_team,
        homeTeamKey: answer.homeKey, homeName: saved.home_team_name, awayName: saved.away_team_name,
      });
      setTimeout(() => { if (!ended.current) post({ type: 'svc:sides-close', videoId: saved.video_id }); }, CLOSE_AFTER_MS);
    } catch (err) {
      fail(err);
    }
  }, [sides, boot.token, post, fail]);

  // With kits and names in hand the person answers again; otherwise the page starts over.
  const retry = useCallback(() => {
    if (preview?.status === 'ready' && sides) setPhase({ kind: 'choose' });
    else window.location.reload();
  }, [preview, sides]);

  return { phase, sides, preview, showCrops: preview?.crops_status === 'ready', confirm, retry };
}
