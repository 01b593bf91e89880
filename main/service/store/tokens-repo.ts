import type { Db } from './db.js';
import { nowIso } from './db.js';
import { mintToken } from './token-format.js';

export interface Organization {
  id: number;
  name: string;
  created_at: string;
}

export interface TokenRow {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  key_id: string;
  secret_hash: Buffer;
  rate_limit_per_minute: number | null;
  tracking_downloads_per_hour: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface NewTokenOptions {
  organization: string;
  name: string;
  rateLimitPerMinute?: number | null;
  trackingDownloadsPerHour?: number | null;
}

const TOKEN_SELECT = `SELECT t.*, o.name AS organization_name FROM api_tokens t JOIN organizations o ON o.id = t.organization_id`;

export class TokensRepo {
  private readonly byKey;
  private readonly touch;

  constructor(private readonly db: Db) {
    this.byKey = db.prepare(`${TOKEN_SELECT} WHERE t.key_id = ?`);
    this.touch = db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');
  }

  /** Runs `fn` in one transaction (a token and the file that holds it are made together: bootstrap.ts). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  ensureOrganization(name: string): Organization {
    const existing = this.db.prepare('SELECT * FROM organizations WHERE name = ?').get(name) as Organization | undefined;
    if (existing) return existing;
    const created_at = nowIso();
    const info = this.db.prepare('INSERT INTO organizations (name, created_at) VALUES (?, ?)').run(name, created_at);
    return { id: Number(info.lastInsertRowid), name, created_at };
  }

  /** Creates the token and returns the raw value: the only time it exists outside the caller. */
  create(options: NewTokenOptions): { token: string; row: TokenRow } {
    return this.db.transaction(() => {
      const org = this.ensureOrganization(options.organization);
      const minted = mintToken();
      const info = this.db.prepare(`INSERT INTO api_tokens
        (organization_id, name, key_id, secret_hash, rate_limit_per_minute, tracking_downloads_per_hour, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
        org.id, options.name, minted.keyId, minted.secretHash,
        options.rateLimitPerMinute ?? null, options.trackingDownloadsPerHour ?? null, nowIso(),
      );
      const row = this.db.prepare(`${TOKEN_SELECT} WHERE t.id = ?`).get(info.lastInsertRowid) as TokenRow;
      return { token: minted.token, row };
    })();
  }

  findByKeyId(keyId: string): TokenRow | undefined {
    return this.byKey.get(keyId) as TokenRow | undefined;
  }

  list(): TokenRow[] {
    return this.db.prepare(`${TOKEN_SELECT} ORDER BY t.id`).all() as TokenRow[];
  }

  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM api_tokens').pluck().get() as number;
  }

  /** Revokes by numeric id or key id; returns the row, or undefined when no such token. */
  revoke(idOrKey: string): TokenRow | undefined {
    const row = (/^\d+$/.test(idOrKey)
      ? this.db.prepare(`${TOKEN_SELECT} WHERE t.id = ?`).get(Number(idOrKey))
      : this.byKey.get(idOrKey)) as TokenRow | undefined;
    if (!row) return undefined;
    if (!row.revoked_at) {
      this.db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ?').run(nowIso(), row.id);
    }
    return this.db.prepare(`${TOKEN_SELECT} WHERE t.id = ?`).get(row.id) as TokenRow;
  }

  markUsed(id: number, at: string): void {
    this.touch.run(at, id);
  }
}
