import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { COLUMN_NAMES, NO_TEAM, NO_TRACK, type ColumnName, type TrackingColumns } from '../results/tracking-columns.js';
import { firstFreeTrack } from '../results/row-identity.js';

/**
 * The analysis's tracking rows on disk (`tracking.tlc`): a small JSON header, then each column as raw
 * little-endian typed-array bytes, 8-byte aligned. Loading is one read plus zero-copy views, and a
 * download can read any row range of any column without loading the rest (JSON streaming).
 *
 *   bytes 0-7   "TLTRK01\n"
 *   bytes 8-11  header length H (uint32 LE)
 *   12..12+H    header JSON {rows, players, columns: [{name, type, offset}]}
 *   then        column blocks at their offsets
 */
const MAGIC = Buffer.from('TLTRK01\n', 'latin1');
const TYPES: Record<ColumnName, 'i32' | 'u8' | 'i8' | 'i16' | 'f32'> = {
  timestamp: 'i32', role: 'u8', player: 'i16', playerIdConf: 'f32', x: 'i16', y: 'i16', bboxX: 'i16', bboxY: 'i16',
  status: 'u8', overlap: 'i16', positionConf: 'f32', identityConf: 'f32', team: 'i8', track: 'i32',
};
const WIDTH = { i32: 4, u8: 1, i8: 1, i16: 2, f32: 4 } as const;
/** Columns added after the first files were written, and their null value when a file lacks them. */
const LATER_COLUMNS: Partial<Record<ColumnName, number>> = { team: NO_TEAM, track: NO_TRACK };

/** Fills columns an older file does not have with their null value. */
function withLaterColumns(cols: Record<string, unknown>, rows: number): void {
  for (const [name, fill] of Object.entries(LATER_COLUMNS)) {
    if (cols[name] !== undefined) continue;
    cols[name] = TYPES[name as ColumnName] === 'i8' ? new Int8Array(rows).fill(fill) : new Int32Array(rows).fill(fill);
  }
}

interface Header {
  rows: number;
  players: string[];
  columns: { name: ColumnName; type: string; offset: number }[];
}

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  // Typed arrays use the machine's byte order; every platform we ship on is little-endian.
  throw new Error('tracking-store needs a little-endian machine');
}

export async function writeTrackingFile(path: string, cols: TrackingColumns): Promise<void> {
  const columns: Header['columns'] = [];
  const draft: Header = { rows: cols.length, players: cols.players, columns };
  // The header's size depends on the offsets it holds: lay out with a generous fixed-width guess.
  let offset = 0;
  for (const name of COLUMN_NAMES) {
    columns.push({ name, type: TYPES[name], offset: 0 });
  }
  const headerLength = Buffer.byteLength(JSON.stringify(draft)) + COLUMN_NAMES.length * 16 + 64;
  offset = align8(MAGIC.length + 4 + headerLength);
  for (const c of columns) {
    c.offset = offset;
    offset = align8(offset + cols.length * WIDTH[TYPES[c.name]]);
  }
  const headerJson = Buffer.from(JSON.stringify(draft).padEnd(headerLength, ' '));
  const out = Buffer.alloc(offset);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(headerJson.length, MAGIC.length);
  headerJson.copy(out, MAGIC.length + 4);
  for (const c of columns) {
    const arr = cols[c.name];
    Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength).copy(out, c.offset);
  }
  const tmp = `${path}.partial`;
  await writeFile(tmp, out);
  await rename(tmp, path);
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

function parseHeader(buf: Buffer, path: string): Header {
  if (buf.length < 12 || !buf.subarray(0, 8).equals(MAGIC)) throw new Error(`${path} is not a Touchline tracking file`);
  const length = buf.readUInt32LE(8);
  return JSON.parse(buf.subarray(12, 12 + length).toString('utf8')) as Header;
}

function view(buffer: ArrayBufferLike, byteOffset: number, type: string, length: number) {
  switch (type) {
    case 'i32': return new Int32Array(buffer, byteOffset, length);
    case 'u8': return new Uint8Array(buffer, byteOffset, length);
    case 'i8': return new Int8Array(buffer, byteOffset, length);
    case 'i16': return new Int16Array(buffer, byteOffset, length);
    case 'f32': return new Float32Array(buffer, byteOffset, length);
    default: throw new Error(`unknown column type ${type}`);
  }
}

/** The whole file as columns (views over one buffer). */
export async function readTrackingFile(path: string): Promise<TrackingColumns> {
  const file = await readFile(path);
  // Typed-array views need aligned offsets: Node may pool small Buffers at unaligned offsets, so
  // copy then; a large file has its own buffer at offset 0 and is used as it is (no 100 MB copy).
  let bytes: Uint8Array = file;
  if (file.byteOffset % 8 !== 0) {
    bytes = new Uint8Array(file.length);
    bytes.set(file);
  }
  const header = parseHeader(file, path);
  const cols: Record<string, unknown> = { length: header.rows, players: header.players };
  for (const c of header.columns) cols[c.name] = view(bytes.buffer, bytes.byteOffset + c.offset, c.type, header.rows);
  withLaterColumns(cols, header.rows);
  return cols as unknown as TrackingColumns;
}

/** Reads row ranges on demand: what a streamed download holds in memory is one chunk of rows. */
export class TrackingFileReader {
  private constructor(
    private readonly handle: Awaited<ReturnType<typeof open>>,
    readonly rows: number,
    readonly players: string[],
    private readonly columns: Header['columns'],
  ) {}

  static async open(path: string): Promise<TrackingFileReader> {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(12);
      await handle.read(head, 0, 12, 0);
      const length = head.readUInt32LE(8);
      const all = Buffer.alloc(12 + length);
      await handle.read(all, 0, all.length, 0);
      const header = parseHeader(all, path);
      return new TrackingFileReader(handle, header.rows, header.players, header.columns);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Rows [from, from + count) as columns. */
  async read(from: number, count: number): Promise<TrackingColumns> {
    const n = Math.max(0, Math.min(count, this.rows - from));
    const cols: Record<string, unknown> = { length: n, players: this.players };
    for (const c of this.columns) cols[c.name] = await this.readColumn(c, from, n);
    withLaterColumns(cols, n);
    return cols as unknown as TrackingColumns;
  }

  /** `n` rows of one column from row `from`. */
  private async readColumn(c: Header['columns'][number], from: number, n: number): Promise<ReturnType<typeof view>> {
    const width = WIDTH[c.type as keyof typeof WIDTH];
    const bytes = new Uint8Array(n * width);
    if (n > 0) await this.handle.read(bytes, 0, bytes.length, c.offset + from * width);
    return view(bytes.buffer, 0, c.type, n);
  }

  /**
   * One more than the largest tracker id in the file (results/row-identity.ts firstFreeTrack), from the
   * track column alone, a chunk at a time; 0 for a file written before the column existed.
   */
  async firstFreeTrack(chunkRows = 1 << 18): Promise<number> {
    const column = this.columns.find((c) => c.name === 'track');
    if (!column) return 0;
    let last = -1;
    for (let from = 0; from < this.rows; from += chunkRows) {
      const n = Math.min(chunkRows, this.rows - from);
      const track = await this.readColumn(column, from, n) as Int32Array;
      last = Math.max(last, firstFreeTrack({ length: n, track }) - 1);
    }
    return last + 1;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
