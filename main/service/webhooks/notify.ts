import type { AnalysisRow } from '../store/analyses-repo.js';
import type { VideosRepo } from '../store/videos-repo.js';
import type { WebhooksRepo } from '../store/webhooks-repo.js';
import type { WebhookDispatcher } from './dispatcher.js';

export const WEBHOOK_EVENTS = ['analysis.done', 'analysis.error'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * An analysis reached a final status: queue `analysis.done`, or `analysis.error` for every ending
 * without results (error, ignored, no_match_detected, needs_attention; `status` in the payload says which).
 */
export function notifyAnalysisFinished(repo: WebhooksRepo, dispatcher: WebhookDispatcher, videos: VideosRepo, a: AnalysisRow): void {
  const video = videos.get(a.video_id);
  if (!video) return;
  const event: WebhookEvent = a.status === 'done' ? 'analysis.done' : 'analysis.error';
  const queued = repo.enqueue(video.organization_id, event, a.id, (deliveryId) => JSON.stringify({
    delivery_id: deliveryId,
    event,
    created_at: new Date().toISOString(),
    data: {
      analysis: {
        id: a.id, video_id: a.video_id, status: a.status, status_reason: a.status_reason,
        results_available: a.results_available === 1, finished_at: a.finished_at, aggregate_version: a.aggregate_version,
      },
      video: { id: video.id, title: video.title, game_name: video.game_name },
    },
  }));
  if (queued > 0) dispatcher.kick();
}
