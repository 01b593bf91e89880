import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { apiError } from '../errors.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.woff2': 'font/woff2', '.map': 'application/json',
};
/** Vite's hashed file names: no slashes, no dot-dot. */
const ASSET_NAME = /^[A-Za-z0-9._-]+$/;

/** One hashed file of a built renderer page (`<dir>/assets/<file>`), cached for good: its name changes with it. */
export function sendAsset(reply: FastifyReply, dir: string, file: string, what: string): FastifyReply {
  const path = join(dir, 'assets', file);
  if (!ASSET_NAME.test(file) || file.startsWith('.') || !existsSync(path)) throw apiError('NOT_FOUND', `no ${what} asset '${file}'`);
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('x-content-type-options', 'nosniff');
  return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(readFileSync(path));
}
