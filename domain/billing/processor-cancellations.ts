// Subscriptions ended on our side (an account erasure) are canceled at the processor
// too, or the customer keeps being charged. The erasure marks each row in its own
// transaction (user_subscriptions.processor_cancel_due_at) and, after commit, enqueues
// one billing.cancel-at-processor job per subscription (job id from the row, so a
// second enqueue is a no-op). The job asks the processor and records its answer
// (processor_canceled_at); a processor that no longer knows the subscription counts as
// done, an outage is retried with backoff. The billing sweep re-enqueues what is still
// owed, so a job lost to a Redis outage, or one that ran out of attempts, is not lost.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import { UserSubscription } from '../../db/models/index.js';
import type { PaymentProcessor } from './processor.js';

/** One subscription the processor still has to cancel (our user_subscriptions id). */
export interface OwedCancellation {
  subscriptionId: number;
}

export type CancellationOutcome = 'canceled' | 'gone' | 'already_confirmed' | 'not_owed' | 'other_processor';

/** Marks the subscriptions an erasure step just ended as owed a processor cancellation; returns the rows to enqueue. */
export async function markCancellationsOwed(trx: Knex.Transaction, ids: number[], now = new Date()): Promise<OwedCancellation[]> {
  if (!ids.length) return [];
  // a row without a processor subscription yet (an unfinished checkout) is marked too:
  // should its checkout still complete, the event links the processor's id and the sweep cancels it
  const rows: { id: number; processor_subscription_id: string | null }[] = await trx('user_subscriptions')
    .whereIn('id', ids).whereNull('processor_canceled_at')
    .update({ processor_cancel_due_at: trx.raw('coalesce(processor_cancel_due_at, ?)', [now]) })
    .returning(['id', 'processor_subscription_id']);
  return rows.filter((r) => r.processor_subscription_id).map((r) => ({ subscriptionId: r.id }));
}

export class ProcessorCancellations {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
    private readonly processor: () => PaymentProcessor,
  ) {}

  /** After the erasure's commit: one job per owed cancellation. Redis down: logged, the sweep enqueues them later. */
  async enqueue(owed: OwedCancellation[]): Promise<void> {
    if (!owed.length) return;
    try {
      await this.platform.producer.enqueueMany('billing.cancel-at-processor', owed.map((o) => ({ payload: { actor_id: null, subscription_id: o.subscriptionId } })));
    } catch (err) {
      this.platform.log.warn({ err, subscriptions: owed.map((o) => o.subscriptionId) }, 'processor cancellations owed but not enqueued; the billing sweep retries');
    }
  }

  /** The sweep: cancellations of the configured processor still owed a minute after they were marked. */
  async sweep(now = new Date()): Promise<number> {
    const rows = await UserSubscription.query(this.platform.knex).where({ processor: this.processor().name })
      .whereNotNull('processor_cancel_due_at').whereNull('processor_canceled_at').whereNotNull('processor_subscription_id')
      .where('processor_cancel_due_at', '<', new Date(now.getTime() - 60_000)).orderBy('processor_cancel_due_at').limit(500).select('id');
    await this.enqueue(rows.map((r) => ({ subscriptionId: r.id })));
    return rows.length;
  }

  /**
   * The job: asks the processor to cancel one owed subscription and records its answer.
   * `attempt` (the job's attempts so far) goes into the idempotency key: Stripe replays a
   * key's first answer for a day, a 500 included, so each retry is a request of its own
   * while the SDK's own network retries of one attempt share it.
   */
  async run(subscriptionId: number, attempt = 0): Promise<{ outcome: CancellationOutcome }> {
    const sub = await UserSubscription.query(this.platform.knex).findById(subscriptionId);
    if (!sub || !sub.processor_cancel_due_at || !sub.processor_subscription_id) return { outcome: 'not_owed' };
    if (sub.processor_canceled_at) return { outcome: 'already_confirmed' };
    const processor = this.processor();
    if (processor.name !== sub.processor) {
      // an install that switched processors cannot reach this one; the row stays owed and visible
      this.platform.log.warn({ subscription_id: sub.id, processor: sub.processor }, 'processor cancellation owed to a processor that is not configured');
      return { outcome: 'other_processor' };
    }
    const answer = await processor.cancelSubscription(sub.processor_subscription_id, `cancel-${sub.processor_subscription_id}-a${attempt}`);
    await this.confirm(sub, answer);
    return { outcome: answer };
  }

  private async confirm(sub: UserSubscription, answer: 'canceled' | 'gone') {
    await this.platform.knex.transaction(async (trx) => {
      const done = await UserSubscription.query(trx).findById(sub.id).whereNull('processor_canceled_at').patch({ processor_canceled_at: new Date() } as never);
      if (!done) return;
      await this.audit.record(trx, { actorId: null, scope: { type: sub.team_id != null ? 'team' : 'self', teamId: sub.team_id } }, {
        action: 'user_subscription.processor_canceled', entityType: 'user_subscription', entityId: sub.id,
        summary: `${sub.processor} ${answer === 'gone' ? 'no longer had' : 'canceled'} subscription #${sub.id}`, changes: { processor_answer: answer },
      });
    });
  }
}
