import type { Db } from './db.js';
import { nowIso } from './db.js';

export interface WebhookRow {
  id: number;
  organization_id: number;
  url: string;
  events: string;
  secret: string;
  description: string | null;
  created_at: string;
}

export interface DeliveryRow {
  id: number;
  webhook_id: number;
  event: string;
  analysis_id: number | null;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  insert(w: { organizationId: number; url: string; events: string[]; secret: string; description: string | null }): WebhookRow {
    const info = this.db.prepare('INSERT INTO webhooks (organization_id, url, events, secret, description, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(w.organizationId, w.url, JSON.stringify(w.events), w.secret, w.description, nowIso());
    return this.get(Number(info.lastInsertRowid)) as WebhookRow;
  }

  get(id: number): WebhookRow | undefined {
    return this.db.prepare('SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow | undefined;
  }

  ofOrganization(organizationId: number): WebhookRow[] {
    return this.db.prepare('SELECT * FROM webhooks WHERE organization_id = ? ORDER BY id').all(organizationId) as WebhookRow[];
  }

  delete(id: number): void {
    this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id);
  }

  /** Queues one delivery per subscribed webhook of the organization; returns how many. */
  enqueue(organizationId: number, event: string, analysisId: number, payload: (deliveryId: number) => string): number {
    return this.db.transaction(() => {
      let n = 0;
      for (const w of this.ofOrganization(organizationId)) {
        if (!(JSON.parse(w.events) as string[]).includes(event)) continue;
        const now = nowIso();
        const info = this.db.prepare(`INSERT INTO webhook_deliveries (webhook_id, event, analysis_id, payload, state, next_attempt_at, created_at)
          VALUES (?, ?, ?, '', 'pending', ?, ?)`).run(w.id, event, analysisId, now, now);
        const id = Number(info.lastInsertRowid);
        this.db.prepare('UPDATE webhook_deliveries SET payload = ? WHERE id = ?').run(payload(id), id);
        n += 1;
      }
      return n;
    })();
  }

  due(now: string, limit = 20): (DeliveryRow & { url: string; secret: string })[] {
    return this.db.prepare(`SELECT d.*, w.url, w.secret FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.state = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id LIMIT ?`).all(now, limit) as (DeliveryRow & { url: string; secret: string })[];
  }

  nextDueAt(): string | null {
    return (this.db.prepare("SELECT MIN(next_attempt_at) FROM webhook_deliveries WHERE state = 'pending'").pluck().get() as string | null) ?? null;
  }

  recordAttempt(id: number, outcome: { delivered: boolean; status: number | null; error: string | null; nextAttemptAt: string | null }): void {
    const state = outcome.delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed';
    this.db.prepare(`UPDATE webhook_deliveries SET attempts = attempts + 1, state = ?, last_status = ?, last_error = ?,
        next_attempt_at = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END WHERE id = ?`)
      .run(state, outcome.status, outcome.error, outcome.nextAttemptAt, state, nowIso(), id);
  }

  deliveries(webhookId: number, limit = 100): DeliveryRow[] {
    return this.db.prepare('SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ?').all(webhookId, limit) as DeliveryRow[];
  }
}
