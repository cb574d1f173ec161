// The sweeper (a BullMQ job scheduler runs it every few minutes): a provider stops
// retrying its webhooks after about a day, so applicants left in pending, in_review
// or on_hold longer than KYC_SWEEP_AGE_MINUTES are re-pulled; callbacks whose job was
// lost are queued again; expired SDK tokens are deleted.
import type { Knex } from 'knex';
import type { Config } from '../../jobs/runtime/config.js';
import type { JobProducer } from '../../jobs/queues.js';
import type { CallbackService } from './callback-service.js';
import { T } from './tables.js';

/** applicants idle longer than this are left alone (an abandoned attempt is not polled forever) */
const GIVE_UP_DAYS = 30;

export class SweepService {
  constructor(
    private readonly knex: Knex,
    private readonly config: Config,
    private readonly producer: JobProducer,
    private readonly callbacks: CallbackService,
  ) {}

  async run(limit = 500): Promise<{ repulls_queued: number; callbacks_requeued: number; tokens_purged: number }> {
    const cutoff = new Date(Date.now() - this.config.kyc.sweepAgeMinutes * 60_000);
    const stale = await this.knex(T.applicants)
      .whereIn('status', ['pending', 'in_review', 'on_hold'])
      .whereNull('provider_deleted_at')
      .whereNotNull('provider_applicant_id')
      .where((q) => q.whereNull('last_synced_at').orWhere('last_synced_at', '<', cutoff))
      .where('status_changed_at', '>', new Date(Date.now() - GIVE_UP_DAYS * 86_400_000))
      .orderBy('last_synced_at', 'asc')
      .limit(limit)
      .select('id');
    for (const { id } of stale) await this.producer.enqueue('kyc.repull-applicant', { actor_id: null, applicant_id: id, reason: 'sweep' });
    const callbacks = await this.callbacks.requeueStale();
    const tokens = await this.knex(T.sdkTokens).where('expires_at', '<', new Date(Date.now() - 86_400_000)).delete();
    return { repulls_queued: stale.length, callbacks_requeued: callbacks, tokens_purged: tokens };
  }
}
