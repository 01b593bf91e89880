import { DataType, Precision, Type, tableFromIPC, type Table } from 'apache-arrow';
import { Compression, Encoding, ParquetFile, readParquet } from 'parquet-wasm';
import { describe, expect, it } from 'vitest';
import {
  float16BitsToNumber, float32ArrayToFloat16Bits, float32BitsToFloat16Bits, float32ToFloat16Bits,
} from '../../engine/io/float16.js';
import { formatConfidence, streamTrackingJson } from '../../engine/io/tracking-json.js';
import { encodeTrackingParquet } from '../../engine/io/tracking-parquet.js';
import {
  ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, ROLE_REFEREE, STATUS_DETECTED, STATUS_DETECTED_OVERLAP, STATUS_PROJECTED,
  STATUS_PROJECTED_NOCAM, TrackingBuilder, emptyColumns, sliceColumns, type TrackingColumns,
} from '../../engine/results/tracking-columns.js';

/**
 * Six rows over two frames: every role, every status, and a null in every nullable column
 * (player_id on ball and referee, pixels on projected rows and the referee, overlap partner off
 * detected_overlap rows, confidences on detected rows).
 */
function sampleColumns(): TrackingColumns {
  const b = new TrackingBuilder(4); // small capacity: the builder has to grow
  const p10 = b.playerIndex('0-10');
  const gk = b.playerIndex('1-GK');
  b.push({ timestamp: 0, role: ROLE_PLAYER, player: p10, playerIdConf: 1, x: 5250, y: 3400, bboxX: 960, bboxY: 540 });
  b.push({
    timestamp: 0, role: ROLE_GOAL_KEEPER, player: gk, playerIdConf: 0.5, x: 0, y: 6800, bboxX: 12, bboxY: 700,
    status: STATUS_DETECTED_OVERLAP, overlap: p10,
  });
  b.push({ timestamp: 0, role: ROLE_BALL, player: b.playerIndex(null), playerIdConf: 0, x: -150, y: 3350, bboxX: 955, bboxY: 531 });
  b.push({ timestamp: 40, role: ROLE_REFEREE, player: -1, playerIdConf: 0, x: 10500, y: 0 });
  b.push({
    timestamp: 200, role: ROLE_PLAYER, player: p10, playerIdConf: 0.333, x: 4000, y: 2000,
    status: STATUS_PROJECTED, positionConf: 0.75, identityConf: 0.1,
  });
  b.push({
    timestamp: 200, role: ROLE_GOAL_KEEPER, player: gk, playerIdConf: 0.25, x: 500, y: 3400,
    status: STATUS_PROJECTED_NOCAM, positionConf: 0.125, identityConf: 0.5,
  });
  return b.finish();
}

const STATUS_NAMES = ['status', 'overlap_partner_id', 'position_conf', 'identity_conf'];
const BASE_NAMES = ['timestamp', 'role', 'player_id', 'player_id_conf', 'x', 'y', 'bbox_x', 'bbox_y'];

function readBack(bytes: Uint8Array): Table {
  return tableFromIPC(readParquet(bytes).intoIPCStream());
}

function values(table: Table, name: string): unknown[] {
  const column = table.getChild(name);
  if (column === null) throw new Error(`no column ${name}`);
  return Array.from(column);
}

function typeOf(table: Table, name: string): DataType {
  const field = table.schema.fields.find((f) => f.name === name);
  if (field === undefined) throw new Error(`no field ${name}`);
  return field.type;
}

function expectInt(type: DataType, bitWidth: number): void {
  expect(type.typeId).toBe(Type.Int);
  expect(DataType.isInt(type) && type.bitWidth === bitWidth && type.isSigned).toBe(true);
}

function expectStringDictionary(type: DataType, keyBits: number): void {
  expect(type.typeId).toBe(Type.Dictionary);
  if (!DataType.isDictionary(type)) throw new Error('not a dictionary');
  expect(type.dictionary.typeId).toBe(Type.Utf8);
  expect(type.indices.bitWidth).toBe(keyBits);
}

async function collect(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const s of gen) out.push(s);
  return out;
}

function memoryReader(cols: TrackingColumns) {
  const reads: [number, number][] = [];
  return {
    reads,
    rows: cols.length,
    read: async (from: number, count: number) => {
      reads.push([from, count]);
      return sliceColumns(cols, from, Math.min(cols.length, from + count));
    },
  };
}

describe('float16 conversion', () => {
  it('converts hand-picked values to the nearest half', () => {
    expect(float32ToFloat16Bits(0)).toBe(0x0000);
    expect(float32ToFloat16Bits(-0)).toBe(0x8000);
    expect(float32ToFloat16Bits(1)).toBe(0x3c00);
    expect(float32ToFloat16Bits(0.5)).toBe(0x3800);
    expect(float32ToFloat16Bits(-2)).toBe(0xc000);
    // 0.333 lies between halves 0x3553 (0.332763671875) and 0x3554 (0.3330078125); the latter is nearer.
    expect(float32ToFloat16Bits(0.333)).toBe(0x3554);
    expect(float16BitsToNumber(0x3554)).toBe(0.3330078125);
    expect(float32ToFloat16Bits(65504)).toBe(0x7bff); // largest finite half
    expect(float32ToFloat16Bits(65520)).toBe(0x7c00); // halfway to the next step rounds (to even) to infinity
    expect(float32ToFloat16Bits(Number.POSITIVE_INFINITY)).toBe(0x7c00);
    expect(float32ToFloat16Bits(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(float32ToFloat16Bits(2 ** -26)).toBe(0x0000); // a quarter of it rounds to zero
    expect(float32ToFloat16Bits(Number.NaN)).toBe(0x7e00);
    expect(Number.isNaN(float16BitsToNumber(0x7e00))).toBe(true);
  });

  it('rounds ties to even, in normal and subnormal ranges', () => {
    // 1 + 2^-11 is halfway between 1 (0x3c00, even) and 1 + 2^-10 (0x3c01): goes to 0x3c00.
    expect(float32ToFloat16Bits(1 + 2 ** -11)).toBe(0x3c00);
    // 1 + 3 * 2^-11 is halfway between 0x3c01 (odd) and 0x3c02 (even): goes to 0x3c02.
    expect(float32ToFloat16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(float32ToFloat16Bits(1 + 3 * 2 ** -11 - 2 ** -20)).toBe(0x3c01);
    // 1.5 * 2^-24 is halfway between subnormals 1 (odd) and 2 (even).
    expect(float32ToFloat16Bits(1.5 * 2 ** -24)).toBe(0x0002);
    expect(float32ToFloat16Bits(2.5 * 2 ** -24)).toBe(0x0002);
    // Largest subnormal plus half a step carries into the smallest normal, 2^-14.
    expect(float32ToFloat16Bits(1023.5 * 2 ** -24)).toBe(0x0400);
  });

  it('maps every finite half back to itself', () => {
    const wrong: number[] = [];
    for (let h = 0; h < 0x7c00; h++) {
      if (float32ToFloat16Bits(float16BitsToNumber(h)) !== h) wrong.push(h);
      if (float32ToFloat16Bits(-float16BitsToNumber(h)) !== (h | 0x8000)) wrong.push(h | 0x8000);
    }
    expect(wrong).toEqual([]);
  });

  it('converts whole columns, reading the float32 bits', () => {
    const column = new Float32Array([0, 1, 0.5, 0.333, Number.NaN]);
    expect(Array.from(float32ArrayToFloat16Bits(column))).toEqual([0, 0x3c00, 0x3800, 0x3554, 0x7e00]);
    expect(float32BitsToFloat16Bits(0x3f800000)).toBe(0x3c00);
    // A view at an offset into a larger buffer.
    expect(Array.from(float32ArrayToFloat16Bits(column.subarray(1, 3)))).toEqual([0x3c00, 0x3800]);
    expect(() => float32ArrayToFloat16Bits(column, new Uint16Array(2))).toThrow(/holds 2 values, needs 5/);
  });
});

describe('tracking Parquet download', () => {
  it('[TRK-01] [TRK-02] writes the spec columns with their types, values and nulls', () => {
    const table = readBack(encodeTrackingParquet(sampleColumns(), { statusColumns: true }));
    expect(table.schema.fields.map((f) => f.name)).toEqual([...BASE_NAMES, ...STATUS_NAMES]);
    expect(table.numRows).toBe(6);

    expectInt(typeOf(table, 'timestamp'), 32);
    for (const name of ['x', 'y', 'bbox_x', 'bbox_y']) expectInt(typeOf(table, name), 16);
    const conf = typeOf(table, 'player_id_conf');
    expect(conf.typeId).toBe(Type.Float);
    expect(DataType.isFloat(conf) && conf.precision).toBe(Precision.HALF);
    for (const name of ['position_conf', 'identity_conf']) {
      const t = typeOf(table, name);
      expect(DataType.isFloat(t) && t.precision).toBe(Precision.SINGLE);
    }
    expectStringDictionary(typeOf(table, 'role'), 8);
    expectStringDictionary(typeOf(table, 'status'), 8);
    expectStringDictionary(typeOf(table, 'player_id'), 16);
    expectStringDictionary(typeOf(table, 'overlap_partner_id'), 16);
    const nullable = Object.fromEntries(table.schema.fields.map((f) => [f.name, f.nullable]));
    expect(nullable).toEqual({
      timestamp: false, role: false, player_id: true, player_id_conf: false, x: false, y: false, bbox_x: true, bbox_y: true,
      status: false, overlap_partner_id: true, position_conf: true, identity_conf: true,
    });

    expect(values(table, 'timestamp')).toEqual([0, 0, 0, 40, 200, 200]);
    expect(values(table, 'role')).toEqual(['player', 'goal_keeper', 'ball', 'referee', 'player', 'goal_keeper']);
    expect(values(table, 'player_id')).toEqual(['0-10', '1-GK', null, null, '0-10', '1-GK']);
    expect(values(table, 'player_id_conf')).toEqual([1, 0.5, 0, 0, 0.3330078125, 0.25]);
    expect(values(table, 'x')).toEqual([5250, 0, -150, 10500, 4000, 500]);
    expect(values(table, 'y')).toEqual([3400, 6800, 3350, 0, 2000, 3400]);
    expect(values(table, 'bbox_x')).toEqual([960, 12, 955, null, null, null]);
    expect(values(table, 'bbox_y')).toEqual([540, 700, 531, null, null, null]);
    expect(values(table, 'status')).toEqual(['detected', 'detected_overlap', 'detected', 'detected', 'projected', 'projected_nocam']);
    expect(values(table, 'overlap_partner_id')).toEqual([null, '0-10', null, null, null, null]);
    expect(values(table, 'position_conf')).toEqual([null, null, null, null, 0.75, 0.125]);
    // float32 columns: 0.1 comes back as the float32 nearest to it.
    expect(values(table, 'identity_conf')).toEqual([null, null, null, null, Math.fround(0.1), 0.5]);
  });

  it('[TRK-03] drops status, overlap_partner_id, position_conf and identity_conf for older engines', () => {
    const table = readBack(encodeTrackingParquet(sampleColumns(), { statusColumns: false }));
    expect(table.schema.fields.map((f) => f.name)).toEqual(BASE_NAMES);
    expect(table.numRows).toBe(6);
    expect(values(table, 'player_id')).toEqual(['0-10', '1-GK', null, null, '0-10', '1-GK']);
  });

  it('[TRK-06] is deterministic: the same rows give the same bytes', () => {
    const cols = sampleColumns();
    const first = encodeTrackingParquet(cols, { statusColumns: true });
    const second = encodeTrackingParquet(sampleColumns(), { statusColumns: true });
    expect(second.length).toBe(first.length);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(encodeTrackingParquet(cols, { statusColumns: false })).equals(Buffer.from(first))).toBe(false);
  });

  it('[TRK-06] compresses with ZSTD and dictionary-encodes the strings', async () => {
    const file = await ParquetFile.fromFile(new Blob([encodeTrackingParquet(sampleColumns(), { statusColumns: true })]));
    try {
      const group = file.metadata().rowGroup(0);
      const chunks = Object.fromEntries(group.columns().map((c) => [c.columnPath().join('.'), c]));
      expect(Object.keys(chunks)).toEqual([...BASE_NAMES, ...STATUS_NAMES]);
      for (const chunk of Object.values(chunks)) expect(chunk.compression()).toBe(Compression.ZSTD);
      for (const name of ['role', 'player_id', 'status', 'overlap_partner_id']) {
        expect(chunks[name]?.encodings()).toContain(Encoding.RLE_DICTIONARY);
      }
      expect(chunks.timestamp?.encodings()).toContain(Encoding.DELTA_BINARY_PACKED);
      expect(chunks.x?.encodings()).not.toContain(Encoding.RLE_DICTIONARY);
    } finally {
      file.free();
    }
  });

  it('[TRK-01] writes an empty file with the full schema when there are no rows', () => {
    const table = readBack(encodeTrackingParquet(emptyColumns(0), { statusColumns: true }));
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((f) => f.name)).toEqual([...BASE_NAMES, ...STATUS_NAMES]);
  });
});

describe('tracking JSON download', () => {
  const expectedRows = [
    {
      timestamp: 0, role: 'player', player_id: '0-10', player_id_conf: 1, x: 5250, y: 3400, bbox_x: 960, bbox_y: 540,
      status: 'detected', overlap_partner_id: null, position_conf: null, identity_conf: null,
    },
    {
      timestamp: 0, role: 'goal_keeper', player_id: '1-GK', player_id_conf: 0.5, x: 0, y: 6800, bbox_x: 12, bbox_y: 700,
      status: 'detected_overlap', overlap_partner_id: '0-10', position_conf: null, identity_conf: null,
    },
    {
      timestamp: 0, role: 'ball', player_id: null, player_id_conf: 0, x: -150, y: 3350, bbox_x: 955, bbox_y: 531,
      status: 'detected', overlap_partner_id: null, position_conf: null, identity_conf: null,
    },
    {
      timestamp: 40, role: 'referee', player_id: null, player_id_conf: 0, x: 10500, y: 0, bbox_x: null, bbox_y: null,
      status: 'detected', overlap_partner_id: null, position_conf: null, identity_conf: null,
    },
    {
      timestamp: 200, role: 'player', player_id: '0-10', player_id_conf: 0.333, x: 4000, y: 2000, bbox_x: null, bbox_y: null,
      status: 'projected', overlap_partner_id: null, position_conf: 0.75, identity_conf: 0.1,
    },
    {
      timestamp: 200, role: 'goal_keeper', player_id: '1-GK', player_id_conf: 0.25, x: 500, y: 3400, bbox_x: null, bbox_y: null,
      status: 'projected_nocam', overlap_partner_id: null, position_conf: 0.125, identity_conf: 0.5,
    },
  ];

  it('[TRK-01] [TRK-06] streams valid JSON rows in chunks smaller than the file', async () => {
    const reader = memoryReader(sampleColumns());
    const chunks = await collect(streamTrackingJson(reader, { statusColumns: true, chunkRows: 4 }));
    expect(reader.reads).toEqual([[0, 4], [4, 2]]);
    expect(chunks).toHaveLength(3); // two chunks of rows and the closing bracket
    const text = chunks.join('');
    expect(JSON.parse(text)).toEqual(expectedRows);
    // Keys in the column order of the spec.
    expect(text.split('\n')[1]).toBe(
      '{"timestamp":0,"role":"player","player_id":"0-10","player_id_conf":1,"x":5250,"y":3400,"bbox_x":960,"bbox_y":540,'
        + '"status":"detected","overlap_partner_id":null,"position_conf":null,"identity_conf":null},',
    );
    // Chunk size does not change the text.
    expect((await collect(streamTrackingJson(memoryReader(sampleColumns()), { statusColumns: true }))).join('')).toBe(text);
    expect((await collect(streamTrackingJson(memoryReader(sampleColumns()), { statusColumns: true, chunkRows: 1 }))).join('')).toBe(text);
  });

  it('[TRK-03] leaves out the status keys for older engines', async () => {
    const text = (await collect(streamTrackingJson(memoryReader(sampleColumns()), { statusColumns: false, chunkRows: 5 }))).join('');
    const old = expectedRows.map((r) => {
      const { status: _s, overlap_partner_id: _o, position_conf: _p, identity_conf: _i, ...rest } = r;
      return rest;
    });
    expect(JSON.parse(text)).toEqual(old);
    expect(Object.keys((JSON.parse(text) as object[])[0] as object)).toEqual(BASE_NAMES);
  });

  it('[TRK-06] writes exactly [] for a file without rows', async () => {
    expect(await collect(streamTrackingJson(memoryReader(emptyColumns(0)), { statusColumns: true }))).toEqual(['[]']);
    // A reader that delivers fewer rows than it announced still ends in valid JSON.
    const short = { rows: 10, read: async () => emptyColumns(0) };
    expect(JSON.parse((await collect(streamTrackingJson(short, { statusColumns: true }))).join(''))).toEqual([]);
  });

  it('[TRK-01] escapes player ids and rounds confidences to 3 decimals', async () => {
    const b = new TrackingBuilder();
    b.push({ timestamp: 0, role: ROLE_PLAYER, player: b.playerIndex('0-"7"\\ü'), playerIdConf: 0.87654, x: 1, y: 2, status: STATUS_DETECTED });
    b.push({
      timestamp: 40, role: ROLE_PLAYER, player: 0, playerIdConf: Number.NaN, x: 1, y: 2,
      status: STATUS_PROJECTED, positionConf: 0.0004, identityConf: 0.9996,
    });
    const rows = JSON.parse((await collect(streamTrackingJson(memoryReader(b.finish()), { statusColumns: true }))).join('')) as Record<string, unknown>[];
    expect(rows[0]?.player_id).toBe('0-"7"\\ü');
    expect(rows[0]?.player_id_conf).toBe(0.877);
    expect(rows[1]?.player_id_conf).toBeNull();
    expect(rows[1]?.position_conf).toBe(0);
    expect(rows[1]?.identity_conf).toBe(1);
    expect(formatConfidence(0.1)).toBe('0.1');
    expect(formatConfidence(1.23456)).toBe('1.235');
    expect(formatConfidence(-0.0004)).toBe('0');
    expect(formatConfidence(Number.POSITIVE_INFINITY)).toBe('null');
  });

  it('refuses rows that point outside the dictionaries instead of writing broken JSON', async () => {
    const cols = sampleColumns();
    cols.player[0] = 7;
    await expect(collect(streamTrackingJson(memoryReader(cols), { statusColumns: true }))).rejects.toThrow(/player index 7, but only 2 ids/);
    const bad = sampleColumns();
    bad.role[1] = 9;
    await expect(collect(streamTrackingJson(memoryReader(bad), { statusColumns: true }))).rejects.toThrow(/unknown role code 9/);
  });
});
