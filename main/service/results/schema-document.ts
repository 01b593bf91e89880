import { EVENT_CATALOGUE, availableFilters } from '../../../engine/api.js';

/** frame_state: per player and frame, what the `frame_state` filter reads (data version 3+). */
export const FRAME_STATE_COLUMNS = [
  { name: 'timestamp', type: 'int32', description: 'Milliseconds from match start; join key' },
  { name: 'player_id', type: 'str', description: 'Identity-resolved `<team>-<jersey>`; join key' },
  { name: 'team', type: 'str', description: '`team_0` or `team_1`' },
  { name: 'x', type: 'float32', description: 'Pitch x, metres (0-105, left to right)' },
  { name: 'y', type: 'float32', description: 'Pitch y, metres (0-68, bottom to top)' },
  { name: 'speed_mps', type: 'float32', description: 'Smoothed speed, m/s (Savitzky-Golay over gap-free detected stretches; implausible speeds above 12 m/s removed)' },
  { name: 'status', type: 'str', description: 'Row origin: detected or detected_overlap (frame state is computed from detections only)' },
] as const;

/**
 * The schema endpoint's document (spec 2.8). Data versions 1 and 2 are legacy: no event catalogue,
 * only the filters they supported, no frame state (SCH-03).
 */
export function buildSchema(dataVersion: number, engineVersion: string) {
  const legacy = dataVersion < 3;
  return {
    data_version: dataVersion,
    engine_version: engineVersion,
    event_types: legacy ? {} : Object.fromEntries(Object.entries(EVENT_CATALOGUE).map(([type, spec]) => [type, {
      summary: spec.summary,
      properties: spec.properties.map((p) => ({ name: p.name, type: p.type, ...(p.enum ? { enum: [...p.enum] } : {}), description: p.description })),
    }])),
    filters: availableFilters(dataVersion, engineVersion).map((f) => ({
      type: f.type,
      description: f.description,
      parameters: f.parameters.map((p) => ({
        name: p.name, type: p.type, required: p.required, description: p.description,
        ...(p.enum ? { enum: [...p.enum] } : {}),
        ...(p.default !== undefined ? { default: Array.isArray(p.default) ? [...(p.default as string[])] : p.default } : {}),
      })),
    })),
    frame_state: legacy ? { available: false, columns: [] } : { available: true, columns: FRAME_STATE_COLUMNS.map((c) => ({ ...c })) },
  };
}
