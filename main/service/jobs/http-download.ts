import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';

export interface DownloadOptions {
  url: string;
  /** Final path; the bytes collect in `${dest}.part` until complete. */
  dest: string;
  maxBytes: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
  attempts: number;
  signal: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  /** Backoff before attempt n (1-based) after a transient failure. */
  backoffMs?: (attempt: number) => number;
}

/** A failure that retrying cannot fix (404, too large, not a file). */
export class PermanentDownloadError extends Error {}

/** Validators of the partial file, so a resume never splices two versions of the source. */
interface PartMeta {
  url: string;
  etag: string | null;
  lastModified: string | null;
  total: number | null;
}

const sizeOf = async (path: string): Promise<number> => (await stat(path).catch(() => null))?.size ?? 0;

async function readMeta(path: string, url: string): Promise<PartMeta | null> {
  try {
    const meta = JSON.parse(await readFile(path, 'utf8')) as PartMeta;
    return meta.url === url ? meta : null;
  } catch {
    return null;
  }
}

function totalFrom(res: Response, offset: number): number | null {
  const range = res.headers.get('content-range');
  const m = range && /\/(\d+)\s*$/.exec(range);
  if (m) return Number(m[1]);
  const length = res.headers.get('content-length');
  return length !== null && /^\d+$/.test(length) ? Number(length) + offset : null;
}

/**
 * Streams a URL to disk. After a dropped connection, a timeout, or a restart of the service, the next
 * attempt asks for the rest with `Range` (guarded by `If-Range`) and appends; a server that ignores
 * Range answers 200 and the download starts over. Returns the number of bytes written in total.
 */
export async function downloadFile(o: DownloadOptions): Promise<number> {
  const part = `${o.dest}.part`;
  const metaPath = `${o.dest}.part.json`;
  const backoff = o.backoffMs ?? ((n) => Math.min(500 * 2 ** (n - 1), 8000));
  let lastError: Error | null = null;

  for (let attempt = 1; attempt <= o.attempts; attempt++) {
    if (attempt > 1) await sleep(backoff(attempt - 1), o.signal);
    o.signal.throwIfAborted();
    const meta = await readMeta(metaPath, o.url);
    const offset = meta ? await sizeOf(part) : 0;
    if (!meta) await rm(part, { force: true });
    try {
      const done = await attemptOnce(o, part, metaPath, meta, offset);
      await rename(part, o.dest);
      await rm(metaPath, { force: true });
      return done;
    } catch (error) {
      if (o.signal.aborted || error instanceof PermanentDownloadError) throw error;
      lastError = error as Error;
    }
  }
  throw new Error(`download failed after ${o.attempts} attempts: ${lastError?.message ?? 'unknown error'}`);
}

async function attemptOnce(o: DownloadOptions, part: string, metaPath: string, meta: PartMeta | null, offset: number): Promise<number> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(o.signal.reason);
  o.signal.addEventListener('abort', onAbort, { once: true });
  let timer = setTimeout(() => controller.abort(new Error(`no answer from the server within ${o.connectTimeoutMs} ms`)), o.connectTimeoutMs);
  const resetIdle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`no data received for ${o.idleTimeoutMs} ms`)), o.idleTimeoutMs);
  };
  try {
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    if (offset > 0) {
      headers.range = `bytes=${offset}-`;
      const validator = meta?.etag ?? meta?.lastModified;
      if (validator) headers['if-range'] = validator;
    }
    let res: Response;
    try {
      res = await fetch(o.url, { headers, signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      throw controller.signal.reason instanceof Error ? controller.signal.reason : describeFetchError(error);
    }
    resetIdle();

    if (res.status === 416 && offset > 0 && meta?.total === offset) return offset; // already complete
    if (res.status === 404 || res.status === 410) throw new PermanentDownloadError(`source answered HTTP ${res.status} (${res.status === 404 ? 'not found' : 'gone'})`);
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429 && res.status !== 416) {
      throw new PermanentDownloadError(`source answered HTTP ${res.status}`);
    }
    if (res.status !== 200 && res.status !== 206) throw new Error(`source answered HTTP ${res.status}`);

    const resuming = res.status === 206 && offset > 0 && contentRangeStart(res) === offset;
    if (!resuming) offset = 0;
    const total = totalFrom(res, offset);
    if (total !== null && total > o.maxBytes) {
      throw new PermanentDownloadError(`source is ${total} bytes, over the ${o.maxBytes}-byte limit (TOUCHLINE_MAX_DOWNLOAD_BYTES)`);
    }
    const fresh: PartMeta = { url: o.url, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified'), total };
    await writeFile(metaPath, JSON.stringify(fresh));
    if (!res.body) throw new Error('source sent no body');

    const file = await open(part, resuming ? 'a' : 'w');
    let written = offset;
    try {
      o.onProgress?.(written, total);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        resetIdle();
        written += chunk.byteLength;
        if (written > o.maxBytes) {
          throw new PermanentDownloadError(`source exceeds the ${o.maxBytes}-byte limit (TOUCHLINE_MAX_DOWNLOAD_BYTES)`);
        }
        await file.write(chunk);
        o.onProgress?.(written, total);
      }
    } catch (error) {
      if (error instanceof PermanentDownloadError) throw error;
      throw controller.signal.reason instanceof Error ? controller.signal.reason : describeFetchError(error);
    } finally {
      await file.close();
    }
    if (total !== null && written !== total) throw new Error(`connection closed after ${written} of ${total} bytes`);
    if (written === 0) throw new PermanentDownloadError('source is empty (0 bytes)');
    return written;
  } finally {
    clearTimeout(timer);
    o.signal.removeEventListener('abort', onAbort);
  }
}

function contentRangeStart(res: Response): number | null {
  const m = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '');
  return m ? Number(m[1]) : null;
}

function describeFetchError(error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return new Error('connection refused by the source host');
  if (cause?.code === 'ENOTFOUND') return new PermanentDownloadError('source host name could not be resolved');
  if (cause?.message) return new Error(cause.message);
  return error instanceof Error ? error : new Error(String(error));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
