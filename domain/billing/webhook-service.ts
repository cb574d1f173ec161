// POST /api/<processor>/webhook/: verify the signature over the raw body, record the
// event once (unique processor + event id, with its audit entry, committed before the
// answer) and answer at once; a job applies it (event-applier.ts). Concurrent
// deliveries are recorded together (event-inbox.ts: one statement, one commit, one
// Redis round trip for their jobs). A duplicate delivery is acknowledged and not
// applied twice; an event recorded but not yet applied (its job was lost) is enqueued
// again.
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import { BillingEvent } from '../../db/models/index.js';
import { Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { verifySignature } from './webhook-signature.js';
import type { PaymentProcessor, ProcessorEvent, ProcessorName } from './processor.js';
import { BillingEventInbox } from './event-inbox.js';

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
  /** events are recorded through it: concurrent deliveries share one statement and one commit */
  private readonly inbox: BillingEventInbox;

  constructor(
    private readonly platform: Platform,
    private readonly processor: () => PaymentProcessor,
  ) {
    this.inbox = new BillingEventInbox(platform, (rows) => this.enqueueMany(rows));
  }

  /** The processor that may post to /api/<name>/webhook/ (the configured one); any other name is 404. */
  private active(name: string): PaymentProcessor {
    const p = this.processor();
    if (p.name !== name) throw new NotFound('Webhook');
    return p;
  }

  signatureHeaderOf(name: string): string {
    return this.active(name).signatureHeader;
  }

  /** `requestId`: the delivery's request, carried by the apply job for log correlation */
  async receive(name: ProcessorName | string, raw: Buffer, signature: string | undefined, requestId?: string): Promise<Receipt> {
    const processor = this.active(name);
    const { webhookSecrets, webhookToleranceSeconds } = this.platform.config.billing;
    verifySignature(signature, raw, webhookSecrets, webhookToleranceSeconds);
    const text = raw.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Invalid('The webhook body is not JSON.', [], 'invalid_event');
    }
    const { value, error } = eventSchema.validate(parsed);
    if (error) throw new Invalid(`The webhook body is not an event: ${error.message}`, [], 'invalid_event');
    const event = value as ProcessorEvent;
    // the bytes as received are stored when they are the event as validated (no value was converted)
    const payload = typeof (parsed as { created?: unknown }).created === 'number' ? text : JSON.stringify(event);
    const recorded = await this.inbox.record({ processor: processor.name, event_id: event.id, type: event.type, created: event.created, payload }, requestId);
    return { event_id: event.id, duplicate: recorded.duplicate };
  }

  /** Enqueues the apply jobs of recorded events in one round trip; if Redis is down the rows stay unapplied and the next delivery or the sweep enqueues them. */
  private async enqueueMany(rows: { id: string; requestId: string | undefined }[]): Promise<void> {
    try {
      await this.platform.producer.enqueueMany('billing.apply-event', rows.map((r) => ({ payload: { actor_id: null, event_row_id: r.id }, requestId: r.requestId })));
    } catch (err) {
      this.platform.log.warn({ err, billing_events: rows.map((r) => r.id) }, 'billing events recorded but not enqueued; the billing sweep retries');
    }
  }

  /** Re-enqueues events recorded over a minute ago and still not applied (a lost enqueue). */
  async sweepUnapplied(): Promise<number> {
    const rows = await BillingEvent.query(this.platform.knex).whereNull('applied_at').where('received_at', '<', new Date(Date.now() - 60_000)).orderBy('id').limit(500).select('id');
    await this.enqueueMany(rows.map((r) => ({ id: String(r.id), requestId: undefined })));
    return rows.length;
  }
}
