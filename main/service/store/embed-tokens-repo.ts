import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.js';

export interface EmbedTokenRow {
  id: number;
  video_id: number;
  token_hash: Buffer;
  /** JSON array of origins, or null: the widget may not be framed. */
  frame_ancestors: string | null;
  readonly_names: 0 | 1;
  expires_at: string;
  created_at: string;
}

const PREFIX = 'tle_';

/** SHA-256 of the raw token: the secret is 32 random bytes, so no slow hash is needed. */
export function hashEmbedToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export class EmbedTokensRepo {
  constructor(private readonly db: Db) {}

  /** Mints a token; the raw value is returned here only. */
  mint(videoId: number, options: { frameAncestors: string[] | null; readonlyNames: boolean; ttlSeconds: number }): { token: string; row: EmbedTokenRow } {
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const created = new Date();
    const expires = new Date(created.getTime() + options.ttlSeconds * 1000);
    const info = this.db.prepare(`INSERT INTO embed_tokens (video_id, token_hash, frame_ancestors, readonly_names, expires_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?)`).run(videoId, hashEmbedToken(token), options.frameAncestors ? JSON.stringify(options.frameAncestors) : null,
      options.readonlyNames ? 1 : 0, expires.toISOString(), created.toISOString());
    return { token, row: this.db.prepare('SELECT * FROM embed_tokens WHERE id = ?').get(Number(info.lastInsertRowid)) as EmbedTokenRow };
  }

  /**
   * The token's row by its raw value, or undefined. Looked up by hash: an attacker timing the index
   * lookup learns about SHA-256 outputs of guesses, not about the stored token.
   */
  find(token: string): EmbedTokenRow | undefined {
    if (!token.startsWith(PREFIX)) return undefined;
    return this.db.prepare('SELECT * FROM embed_tokens WHERE token_hash = ?').get(hashEmbedToken(token)) as EmbedTokenRow | undefined;
  }

  /** The origins a token lets frame the widget (and receive its messages); empty: none. */
  static frameAncestors(row: Pick<EmbedTokenRow, 'frame_ancestors'>): string[] {
    return row.frame_ancestors ? JSON.parse(row.frame_ancestors) as string[] : [];
  }

  /** Expired tokens are kept a day (so a late widget can say "expired" rather than "invalid"), then dropped. */
  prune(now = Date.now()): number {
    return this.db.prepare('DELETE FROM embed_tokens WHERE expires_at < ?').run(new Date(now - 86_400_000).toISOString()).changes;
  }
}

export function isExpired(row: Pick<EmbedTokenRow, 'expires_at'>, now = Date.now()): boolean {
  return Date.parse(row.expires_at) <= now;
}

