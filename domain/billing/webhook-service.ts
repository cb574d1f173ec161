// POST /api/<processor>/webhook/: verify the signature over the raw body, record the
// event once (unique processor + event id) and answer at once; a job applies it
// (event-applier.ts). A duplicate delivery is acknowledged and not applied twice; an
// event recorded but not yet applied (its job was lost) is enqueued again.
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import { BillingEvent } from '../../db/models/index.js';
import { Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { verifySignature } from './webhook-signature.js';
import type { PaymentProcessor, ProcessorEvent, ProcessorName } from './processor.js';
import { recordAudit } from '../audit/audit-service.js';

const eventSchema = Joi.object({
  id: Joi.string().max(255).required(),
  type: Joi.string().max(100).required(),
  created: Joi.number().integer().min(0).required(),
  data: Joi.object({ object: Joi.object().unknown(true).required() }).unknown(true).required(),
}).unknown(true);

export interface Receipt {
  event_id: string;
  duplicate: boolean;
}

export class BillingWebhookService {
  constructor(
    private readonly platform: Platform,
    private readonly processor: () => PaymentProcessor,
  ) {}

  /** The processor that may post to /api/<name>/webhook/ (the configured one); any other name is 404. */
  private active(name: string): PaymentProcessor {
    const p = this.processor();
    if (p.name !== name) throw new NotFound('Webhook');
    return p;
  }

  signatureHeaderOf(name: string): string {
    return this.active(name).signatureHeader;
  }

  async receive(name: ProcessorName | string, raw: Buffer, signature: string | undefined): Promise<Receipt> {
    const processor = this.active(name);
    const { webhookSecrets, webhookToleranceSeconds } = this.platform.config.billing;
    verifySignature(signature, raw, webhookSecrets, webhookToleranceSeconds);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new Invalid('The webhook body is not JSON.', [], 'invalid_event');
    }
    const { value, error } = eventSchema.validate(parsed);
    if (error) throw new Invalid(`The webhook body is not an event: ${error.message}`, [], 'invalid_event');
    const event = value as ProcessorEvent;
    // the knex builder, not the model: ON CONFLICT DO NOTHING may return no row
    const inserted = await this.platform.knex.transaction(async (trx) => {
      const [row] = await trx(BillingEvent.tableName)
        .insert({ processor: processor.name, event_id: event.id, type: event.type, event_created_at: new Date(event.created * 1000), payload: JSON.stringify(event) })
        .onConflict(['processor', 'event_id'])
        .ignore()
        .returning(['id', 'applied_at']);
      if (row?.id) await recordAudit(trx, { actorId: null }, { action: 'billing_event.receive', entityType: 'billing_event', entityId: row.id, summary: `Processor event ${event.type} received`, changes: { processor: processor.name, event_id: event.id, type: event.type } });
      return row;
    });
    let row = inserted as { id: string; applied_at: Date | null } | undefined;
    const duplicate = !row?.id;
    if (duplicate) row = await BillingEvent.query(this.platform.knex).where({ processor: processor.name, event_id: event.id }).select('id', 'applied_at').first();
    if (row && !row.applied_at) await this.enqueue(row.id);
    return { event_id: event.id, duplicate };
  }

  /** Enqueues the apply job; if Redis is down the row stays unapplied and the next delivery or the sweep enqueues it. */
  async enqueue(rowId: string): Promise<void> {
    try {
      await this.platform.producer.enqueue('billing.apply-event', { actor_id: null, event_row_id: String(rowId) });
    } catch (err) {
      this.platform.log.warn({ err, billing_event: rowId }, 'billing event recorded but not enqueued; the billing sweep retries');
    }
  }

  /** Re-enqueues events recorded over a minute ago and still not applied (a lost enqueue). */
  async sweepUnapplied(): Promise<number> {
    const rows = await BillingEvent.query(this.platform.knex).whereNull('applied_at').where('received_at', '<', new Date(Date.now() - 60_000)).orderBy('id').limit(500).select('id');
    for (const r of rows) await this.enqueue(r.id);
    return rows.length;
  }
}
