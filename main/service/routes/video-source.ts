import { stat } from 'node:fs/promises';
import { isAbsolute, resolve as resolvePath, win32, basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiError } from '../errors.js';

export type ResolvedSource =
  | { kind: 'http'; url: string }
  | { kind: 'local'; path: string; url: string };

const FIELD = "body field 'video_file_url'";

/**
 * Accepts http(s) URLs (downloaded), file:// URLs and absolute paths (read in place). A local file
 * that is missing is refused at once: there is nothing to wait for.
 */
export async function resolveVideoSource(raw: string): Promise<ResolvedSource> {
  const text = raw.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw apiError('VALIDATION_FAILED', `${FIELD} is not a valid URL: '${text}'`);
    }
    if (!url.hostname) throw apiError('VALIDATION_FAILED', `${FIELD} has no host name: '${text}'`);
    return { kind: 'http', url: url.href };
  }
  let path: string;
  if (/^file:/i.test(text)) {
    try {
      path = fileURLToPath(text);
    } catch (e) {
      throw apiError('VALIDATION_FAILED', `${FIELD} is not a usable file:// URL (${(e as Error).message})`);
    }
  } else if (isAbsolute(text) || win32.isAbsolute(text)) {
    path = resolvePath(text);
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    throw apiError('VALIDATION_FAILED', `${FIELD} uses an unsupported scheme: use an http(s):// URL, a file:// URL or an absolute local path`);
  } else {
    throw apiError('VALIDATION_FAILED', `${FIELD} must be an http(s):// URL, a file:// URL or an absolute local path; '${text}' is a relative path`);
  }
  const info = await stat(path).catch(() => null);
  if (!info) throw apiError('VALIDATION_FAILED', `${FIELD}: no file at ${path}`);
  if (!info.isFile()) throw apiError('VALIDATION_FAILED', `${FIELD}: ${path} is not a regular file`);
  return { kind: 'local', path, url: text };
}

/** A title when the client gave none: the file name without its extension. */
export function defaultTitle(source: ResolvedSource): string {
  const name = source.kind === 'local' ? basename(source.path) : safeDecode(basename(new URL(source.url).pathname));
  const stem = name.slice(0, name.length - extname(name).length).trim();
  return stem.slice(0, 200);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
