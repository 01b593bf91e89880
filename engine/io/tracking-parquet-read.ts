import { tableFromIPC, type Vector } from 'apache-arrow';
import { readParquet } from 'parquet-wasm';
import { NO_PLAYER, NULL_I16, ROLES, STATUSES, TrackingBuilder, type TrackingColumns } from '../results/tracking-columns.js';

/**
 * Reads a tracking Parquet file (ours, or any file with the spec 2.7 columns) back into columns.
 * Required: timestamp, role, player_id, x, y. Optional columns take their defaults (a detected row,
 * no pixels, no confidences). Rows must be in time order, as our downloads are.
 */
export function decodeTrackingParquet(bytes: Uint8Array): TrackingColumns {
  const table = tableFromIPC(readParquet(bytes).intoIPCStream());
  const col = (name: string, required: boolean): Vector | null => {
    const v = table.getChild(name);
    if (!v && required) throw new Error(`tracking Parquet lacks the '${name}' column (spec 2.7)`);
    return v;
  };
  const timestamp = col('timestamp', true) as Vector;
  const role = col('role', true) as Vector;
  const playerId = col('player_id', true) as Vector;
  const x = col('x', true) as Vector;
  const y = col('y', true) as Vector;
  const conf = col('player_id_conf', false);
  const bboxX = col('bbox_x', false);
  const bboxY = col('bbox_y', false);
  const status = col('status', false);
  const overlap = col('overlap_partner_id', false);
  const positionConf = col('position_conf', false);
  const identityConf = col('identity_conf', false);

  const builder = new TrackingBuilder(table.numRows);
  const num = (v: Vector | null, i: number, fallback: number): number => {
    const value = v?.get(i) as number | null | undefined;
    return value === null || value === undefined ? fallback : Number(value);
  };
  for (let i = 0; i < table.numRows; i++) {
    const r = ROLES.indexOf(role.get(i) as (typeof ROLES)[number]);
    if (r < 0) throw new Error(`row ${i}: unknown role '${String(role.get(i))}'`);
    const s = status ? STATUSES.indexOf(status.get(i) as (typeof STATUSES)[number]) : 0;
    if (s < 0) throw new Error(`row ${i}: unknown status '${String(status?.get(i))}'`);
    const id = playerId.get(i) as string | null;
    const partner = overlap?.get(i) as string | null | undefined;
    builder.push({
      timestamp: num(timestamp, i, 0),
      role: r,
      player: id ? builder.playerIndex(id) : NO_PLAYER,
      playerIdConf: num(conf, i, id ? 1 : 0),
      x: num(x, i, 0),
      y: num(y, i, 0),
      bboxX: num(bboxX, i, NULL_I16),
      bboxY: num(bboxY, i, NULL_I16),
      status: s,
      overlap: partner ? builder.playerIndex(partner) : NO_PLAYER,
      positionConf: num(positionConf, i, Number.NaN),
      identityConf: num(identityConf, i, Number.NaN),
    });
  }
  return builder.finish();
}
