import {
  Dictionary, Field, Float16, Float32, Int8, Int16, Int32, RecordBatch, Schema, Struct, Table, Utf8,
  makeData, tableToIPC, vectorFromArray, type Data, type DataType,
} from 'apache-arrow';
import {
  Compression, EnabledStatistics, Encoding, Table as WasmTable, WriterPropertiesBuilder, WriterVersion, writeParquet,
} from 'parquet-wasm';
import { NO_PLAYER, NO_TRACK, NULL_I16, ROLES, STATUSES, type TrackingColumns } from '../results/tracking-columns.js';
import { downloadTeam, firstFreeTrack, rowSquads, trackOfRow } from '../results/row-identity.js';
import { float32ArrayToFloat16Bits } from './float16.js';

/**
 * The tracking download as Parquet (spec 2.7, rules TRK-01..TRK-03, TRK-06). Columns are built as
 * Arrow data straight over the typed arrays (no per-row objects), handed to parquet-wasm as one IPC
 * stream and written with ZSTD. String columns are Arrow dictionaries with small integer keys (into
 * ROLES, STATUSES and `cols.players`), Parquet-dictionary-encoded; readers get them back as Arrow
 * dictionaries because the writer embeds the Arrow schema. NaN in player_id_conf (non-nullable)
 * stays a NaN half; the JSON download writes it as null.
 *
 * Deterministic: parquet-wasm writes no timestamps or random ids, the Arrow schema it embeds is
 * derived from ours, and the dictionaries are ROLES, STATUSES and `cols.players` in their fixed order.
 */
export interface TrackingParquetOptions {
  /** status, overlap_partner_id, position_conf, identity_conf: engine 0.5.36 or later (TRK-03). */
  statusColumns: boolean;
  /** Touchline's extension columns `team` and `track_id` after the spec's (docs/api.md): with the status columns. */
  extensionColumns?: boolean;
  /** Encoding of x, y, bbox_x, bbox_y (default POSITION_ENCODING); for measurements. */
  positionEncoding?: Encoding;
}

// Fixed dictionary ids: the IPC stream names each dictionary by id, and they must differ per column.
const ROLE_DICT_ID = 0;
const PLAYER_DICT_ID = 1;
const STATUS_DICT_ID = 2;
const OVERLAP_DICT_ID = 3;
const TEAM_DICT_ID = 4;
const TEAMS = ['team_0', 'team_1'] as const;

/**
 * Rows per Parquet row group. A whole 90-minute match (3-4 million rows) fits in few groups while a
 * reader can still skip through a match by time (row-group statistics on `timestamp`).
 */
const ROW_GROUP_ROWS = 1 << 20;
/** Rows per data page (see writerProperties): 1 MB for an int column, four pages per row group. */
const PAGE_ROWS = 1 << 18;
/**
 * x, y, bbox_x, bbox_y: DELTA_BINARY_PACKED. Measured on the simulated Metrica match (2026-11-22,
 * 2 cores): 2.25 M rows as a broadcast camera saw them: PLAIN 15.9 MB in 2.85 s, DELTA 14.8 MB in
 * 1.86 s, BYTE_STREAM_SPLIT 10.8 MB in 1.74 s; 3.69 M rows (every object): 14.3 / 13.5 / 7.8 MB.
 * BYTE_STREAM_SPLIT is smallest but legal on integer columns only since Parquet format 2.11 and common
 * readers refuse it (DuckDB until a 2026-07 change, duckdb/duckdb#24175; Polars reads it for floats
 * only, pola-rs/polars#17099). DELTA_BINARY_PACKED is in every reader and meets the 15 MB target.
 */
const POSITION_ENCODING = Encoding.DELTA_BINARY_PACKED;

export function encodeTrackingParquet(cols: TrackingColumns, options: TrackingParquetOptions): Uint8Array {
  const n = cols.length;
  const fields: Field[] = [];
  const children: Data[] = [];
  const add = (name: string, data: Data, nullable: boolean): void => {
    fields.push(new Field(name, data.type, nullable));
    children.push(data);
  };

  add('timestamp', plain(new Int32(), cols.timestamp), false);
  add('role', dictionaryOf(ROLES, ROLE_DICT_ID, new Int8(), asInt8(cols.role)), false);
  add('player_id', playerDictionary(cols.players, PLAYER_DICT_ID, cols.player), true);
  add('player_id_conf', plain(new Float16(), float32ArrayToFloat16Bits(cols.playerIdConf)), false);
  add('x', plain(new Int16(), cols.x), false);
  add('y', plain(new Int16(), cols.y), false);
  add('bbox_x', nullableInt16(cols.bboxX), true);
  add('bbox_y', nullableInt16(cols.bboxY), true);
  if (options.statusColumns) {
    add('status', dictionaryOf(STATUSES, STATUS_DICT_ID, new Int8(), asInt8(cols.status)), false);
    add('overlap_partner_id', playerDictionary(cols.players, OVERLAP_DICT_ID, cols.overlap), true);
    add('position_conf', nullableFloat32(cols.positionConf), true);
    add('identity_conf', nullableFloat32(cols.identityConf), true);
  }
  if (options.extensionColumns) {
    const squadOf = rowSquads(cols);
    const firstFree = firstFreeTrack(cols);
    const team = new Int8Array(n);
    const teamNulls = new Uint8Array(n);
    const track = new Int32Array(n);
    const trackNulls = new Uint8Array(n);
    for (let r = 0; r < n; r++) {
      const t = downloadTeam(cols, r, squadOf);
      team[r] = t ?? 0;
      teamNulls[r] = t === null ? 1 : 0;
      const k = trackOfRow(cols, r, firstFree);
      track[r] = k === NO_TRACK ? 0 : k;
      trackNulls[r] = k === NO_TRACK ? 1 : 0;
    }
    add('team', dictionaryOf(TEAMS, TEAM_DICT_ID, new Int8(), team, nullMask(teamNulls)), true);
    add('track_id', nullableInt32(track, nullMask(trackNulls)), true);
  }

  const schema = new Schema(fields);
  const batch = new RecordBatch(schema, makeData({ type: new Struct(fields), length: n, nullCount: 0, children }));
  const ipc = tableToIPC(new Table(schema, [batch]), 'stream');
  // writeParquet takes ownership of (and frees) both the wasm table and the properties.
  return writeParquet(WasmTable.fromIPCStream(ipc), writerProperties(options.positionEncoding));
}

/**
 * Encodings chosen for size and speed of a 3-4 million row match (measured on a synthetic 90-minute
 * match of 25 objects at 25 fps, 3.4 million rows: 19 MB, 2-3 s on 2 busy cores):
 * - timestamp: sorted with a fixed step, so DELTA_BINARY_PACKED shrinks it to almost nothing; its
 *   chunk statistics let readers skip row groups by time.
 * - x, y, bbox_x, bbox_y: rows interleave ~25 objects, so a dictionary (10 000 distinct values) costs
 *   time and saves nothing; see POSITION_ENCODING for the encoding and the measurements behind it.
 * - strings and confidences: the writer's default, dictionary encoding (it falls back to plain
 *   when a dictionary outgrows its page). ZSTD on every column.
 * - pages of PAGE_ROWS rows: the writer closes a page only between write batches, so the batch size
 *   sets the page size. The default (1024 rows, then the 20 000-row page limit) gives ZSTD small
 *   pages to work on; 256K-row pages came out 10-17% smaller and no slower to write.
 * - statistics only on timestamp: min/max of the other columns cost ~15% of the write time and do
 *   not help anyone skip data (every row group spans the whole pitch and squad).
 */
function writerProperties(positionEncoding: Encoding = POSITION_ENCODING) {
  let b = new WriterPropertiesBuilder()
    .setWriterVersion(WriterVersion.V1)
    .setCompression(Compression.ZSTD)
    .setDictionaryEnabled(true)
    .setStatisticsEnabled(EnabledStatistics.None)
    .setMaxRowGroupSize(ROW_GROUP_ROWS)
    .setWriteBatchSize(PAGE_ROWS)
    .setColumnDictionaryEnabled('timestamp', false)
    .setColumnEncoding('timestamp', Encoding.DELTA_BINARY_PACKED)
    .setColumnStatisticsEnabled('timestamp', EnabledStatistics.Chunk);
  for (const column of ['x', 'y', 'bbox_x', 'bbox_y']) {
    b = b.setColumnDictionaryEnabled(column, false).setColumnEncoding(column, positionEncoding);
  }
  return b.build();
}

function plain<T extends DataType>(type: T, data: T['TArray']): Data<T> {
  return makeData({ type, length: data.length, nullCount: 0, data } as never) as Data<T>;
}

/** Uint8 role/status codes read as Int8 dictionary keys (same bytes; codes are < 128). */
function asInt8(codes: Uint8Array): Int8Array {
  return new Int8Array(codes.buffer, codes.byteOffset, codes.length);
}

function dictionaryOf<K extends Int8 | Int16>(values: readonly string[], id: number, keyType: K, keys: K['TArray'], nulls?: NullMask) {
  const type = new Dictionary(new Utf8(), keyType, id, false);
  const dictionary = vectorFromArray(values as string[], new Utf8());
  return makeData({
    type, length: keys.length, data: keys, dictionary,
    nullCount: nulls?.nullCount ?? 0, nullBitmap: nulls?.bitmap,
  });
}

/** player_id / overlap_partner_id: keys into `players`, null where the column holds NO_PLAYER. */
function playerDictionary(players: string[], id: number, index: Int16Array) {
  const n = index.length;
  const keys = new Int16Array(n);
  const bitmap = new Uint8Array((n + 7) >>> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    const k = index[i] as number;
    // Null slots get key 0 rather than -1: Arrow leaves them unspecified, but a strict reader may
    // still bounds-check every key.
    if (k === NO_PLAYER) nullCount++;
    else {
      keys[i] = k;
      bitmap[i >>> 3] = (bitmap[i >>> 3] as number) | (1 << (i & 7));
    }
  }
  // An empty dictionary would make key 0 of the null slots dangle: give it one unused entry.
  const values = players.length > 0 ? players : [''];
  return dictionaryOf(values, id, new Int16(), keys, { bitmap, nullCount });
}

interface NullMask {
  bitmap: Uint8Array;
  nullCount: number;
}

function nullableInt16(values: Int16Array): Data<Int16> {
  const n = values.length;
  const bitmap = new Uint8Array((n + 7) >>> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    if (values[i] === NULL_I16) nullCount++;
    else bitmap[i >>> 3] = (bitmap[i >>> 3] as number) | (1 << (i & 7));
  }
  return makeData({ type: new Int16(), length: n, data: values, nullCount, nullBitmap: bitmap });
}

function nullableFloat32(values: Float32Array): Data<Float32> {
  const n = values.length;
  const bitmap = new Uint8Array((n + 7) >>> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v !== v) nullCount++; // NaN
    else bitmap[i >>> 3] = (bitmap[i >>> 3] as number) | (1 << (i & 7));
  }
  return makeData({ type: new Float32(), length: n, data: values, nullCount, nullBitmap: bitmap });
}

/** A validity bitmap (bit set: a value) from per-row null flags (1: null). */
function nullMask(nulls: Uint8Array): NullMask {
  const n = nulls.length;
  const bitmap = new Uint8Array((n + 7) >>> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    if (nulls[i]) nullCount++;
    else bitmap[i >>> 3] = (bitmap[i >>> 3] as number) | (1 << (i & 7));
  }
  return { bitmap, nullCount };
}

function nullableInt32(values: Int32Array, nulls: NullMask): Data<Int32> {
  return makeData({ type: new Int32(), length: values.length, data: values, nullCount: nulls.nullCount, nullBitmap: nulls.bitmap });
}
