// User notifications: stored, pushed over /ws/notifications/ to every gateway
// instance, and handed to the mobile-push interface (an outbox table by default).
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import { Notification, PushOutboxEntry } from '../../db/models/index.js';
import type { Actor } from '../shared/actor.js';
import { recordAudit } from '../audit/audit-service.js';

export interface NotificationInput {
  kind: string;
  title: string;
  body?: string;
  data?: Record<string, unknown>;
  /** The same key never notifies twice (idempotent callbacks and retried jobs). */
  dedupeKey?: string;
}

export class NotificationService {
  constructor(private readonly platform: Platform) {}

  /** Stores a notification for the user it is addressed to (not who caused it). */
  async create(recipientId: string, input: NotificationInput, trx?: Knex.Transaction): Promise<{ id: number; created: boolean }> {
    if (!trx) return this.platform.knex.transaction((own) => this.create(recipientId, input, own));
    const db = trx;
    const row = await Notification.query(db)
      .insert({ user_id: recipientId, kind: input.kind, title: input.title, body: input.body ?? '', data: JSON.stringify(input.data ?? {}), dedupe_key: input.dedupeKey ?? null })
      .onConflict('dedupe_key')
      .ignore()
      .returning(['id', 'created_at']);
    // a duplicate (dedupe_key) inserts nothing: objection hands back the input without an id
    if (row.id === undefined) return { id: 0, created: false };
    await PushOutboxEntry.query(db).insert({ notification_id: row.id, user_id: recipientId });
    // the kind and the addressee; title and body may quote what a person wrote
    await recordAudit(db, { actorId: null }, { action: 'notification.create', entityType: 'notification', entityId: row.id, summary: `Notification ${input.kind}`, changes: { kind: input.kind, user_id: recipientId } });
    return { id: Number(row.id), created: true };
  }

  /** Pushes a stored notification to the user's sockets (call after commit). */
  async push(recipientId: string, id: number): Promise<void> {
    const n = await Notification.query(this.platform.knex).where({ id }).first();
    if (!n) return;
    await this.platform.producer.publish({
      kind: 'user.message',
      user_ids: [recipientId],
      message: { type: 'notification', data: { id: Number(n.id), kind: n.kind, title: n.title, body: n.body, data: n.data, created_at: new Date(n.created_at).toISOString() } },
    }).catch((err) => this.platform.log.warn({ err }, 'notification push failed; the client sees it on its next list'));
  }

  /** The acting user's own notifications, newest first. */
  async list(actor: Actor, limit = 50) {
    const rows = await Notification.query(this.platform.knex).where({ user_id: actor.userId }).orderBy('id', 'desc').limit(limit);
    return rows.map((n: Record<string, any>) => ({ id: Number(n.id), kind: n.kind, title: n.title, body: n.body, data: n.data, read_at: n.read_at, created_at: new Date(n.created_at).toISOString() }));
  }
}
