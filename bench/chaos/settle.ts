import { sleep, type DrillApi } from './api-client.js';
import { busyWork, OPEN_VIDEO_STATUSES } from './checks.js';
import { readStore } from './inspect.js';

/**
 * Waits until the restarted service has nothing left to do: no job queued or running, no webhook
 * delivery pending, no kit preview processing. The previews are asked for, as the app would (a pass
 * cut short by the kill runs again when someone asks, PRV-10). Returns what was still busy at the
 * deadline, or nothing.
 */
export async function settle(api: DrillApi, home: string, timeoutMs: number): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const store = readStore(home);
    const busy = busyWork(store);
    for (const v of store.videos) {
      if (v.source_kind === 'none' || OPEN_VIDEO_STATUSES.includes(v.status)) continue;
      const preview = await api.call('GET', `/v1/videos/${v.id}/preview-teams`);
      if (preview.status !== 200) busy.push(`preview of video ${v.id} answered ${preview.status}`);
      else if (preview.json?.status === 'processing') busy.push(`preview of video ${v.id} processing`);
    }
    if (busy.length === 0) return [];
    if (Date.now() > until) return busy;
    await sleep(200);
  }
}
