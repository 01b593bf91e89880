import type { EngineEvent, EngineOutput, EngineRow } from './eval-types.js';

/**
 * An analysis as the running service serves it: the tracking download (JSON) and the events, read over
 * the public API exactly as a user's script would. Row team labels stay the engine's; the evaluator
 * picks the best mapping onto the truth's squads.
 */
export async function loadAnalysisOverApi(base: string, token: string, id: number): Promise<EngineOutput> {
  const get = async (path: string) => {
    const res = await fetch(`${base}/v1/analyses/${id}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const body = await res.json() as unknown;
    if (!res.ok) throw new Error(`GET /v1/analyses/${id}${path}: ${res.status} ${(body as { detail?: string }).detail ?? ''}`);
    return body;
  };
  const rows = await get('/tracking/download?format=json') as EngineRow[];
  const events = await get('/events') as EngineEvent[];
  return { rows, events, calibration: null, detections: null, timing: null };
}
