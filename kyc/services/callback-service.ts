// Signed status callbacks to the main service. One delivery row per coarse status
// change, written in the same transaction as the change (an outbox), then a job
// delivers it: POST {callback_url}/api/v1/internal/kyc/status-callback/ with the
// StatusOut snapshot + version + stable event id, X-Kyc-Event and X-Kyc-Signature
// (hex HMAC-SHA256 of the raw body), re-signed on every attempt. Failures back off
// exponentially with jitter (capped) for about a day, then the delivery is dead and
// can be replayed (scripts/kyc-replay-callbacks.ts).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../jobs/runtime/config.js';
import { hmacHex } from '../../jobs/runtime/secrets.js';
import type { JobProducer } from '../../jobs/queues.js';
import { jobIdFor } from '../../jobs/catalog.js';
import { CALLBACK_EVENT, CALLBACK_PATH, type StatusCallbackBody, type StatusOut } from '../../jobs/kyc-contract.js';
import type { ProjectService } from './project-service.js';
import { statusOut, type ApplicantRow, type ProjectRow } from './rows.js';
import { T } from './tables.js';

export type DeliveryOutcome = { state: 'delivered' | 'dead' | 'skipped'; delivery_id: number; status_code?: number } | { state: 'retry'; delivery_id: number; delayMs: number; error: string };

export interface DeliveryRow {
  id: number;
  event_id: string;
  applicant_id: string;
  project_id: number;
  version: number;
  snapshot: StatusOut;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
  replays: number;
  window_started_at: Date;
  created_at: Date;
}

export class CallbackService {
  constructor(
    private readonly knex: Knex,
    private readonly config: Config,
    private readonly producer: JobProducer,
    private readonly projects: ProjectService,
    private readonly log: Logger,
  ) {}

  /** Records the delivery of the applicant's new status (call inside the status-change transaction). */
  async record(trx: Knex.Transaction, project: ProjectRow, applicant: ApplicantRow): Promise<DeliveryRow> {
    const [row] = await trx(T.deliveries)
      .insert({ applicant_id: applicant.id, project_id: project.id, version: applicant.version, snapshot: JSON.stringify(statusOut(project, applicant.external_user_id, applicant)) })
      .onConflict(['applicant_id', 'version'])
      .merge(['applicant_id'])
      .returning('*');
    return { ...row, id: Number(row.id) };
  }

  /** Queues the delivery; when Redis is down the sweeper picks the row up later. */
  async enqueue(deliveryId: number, replay = 0, delayMs?: number): Promise<void> {
    try {
      await this.producer.enqueue('kyc.deliver-callback', { actor_id: null, delivery_id: deliveryId, replay }, delayMs ? { delay: delayMs } : {});
    } catch (err) {
      this.log.warn({ err, delivery_id: deliveryId }, 'could not queue a kyc callback; the sweeper will retry');
    }
  }

  /**
   * The first attempt, made right where the change happened (a worker's re-pull): one
   * queue hop less on the common path. A failure hands over to the delivery job.
   */
  async deliverFirst(delivery: DeliveryRow, project: ProjectRow): Promise<DeliveryOutcome> {
    const deliveryId = delivery.id;
    const outcome = await this.deliver(deliveryId, Math.min(3000, this.config.kyc.callbackTimeoutMs), { delivery, project }).catch((err) => {
      this.log.warn({ err, delivery_id: deliveryId }, 'first kyc callback attempt failed to run; queued');
      return { state: 'retry', delivery_id: deliveryId, delayMs: 0, error: String(err) } as DeliveryOutcome;
    });
    if (outcome.state === 'retry') await this.enqueue(deliveryId, 0, outcome.delayMs);
    return outcome;
  }

  /** One delivery attempt. Returns what to do next; never throws for an HTTP failure. */
  async deliver(deliveryId: number, timeoutMs = this.config.kyc.callbackTimeoutMs, known?: { delivery: DeliveryRow; project: ProjectRow }): Promise<DeliveryOutcome> {
    // the first attempt has the rows at hand (just written); retries read them fresh, since
    // the callback URL and secret may have been changed meanwhile
    const d: DeliveryRow | undefined = known?.delivery ?? (await this.knex(T.deliveries).where({ id: deliveryId }).first());
    if (!d || d.state !== 'pending') return { state: 'skipped', delivery_id: deliveryId };
    const project: ProjectRow = known?.project ?? (await this.knex(T.projects).where({ id: d.project_id }).first());
    const attempt = d.attempts + 1;
    let statusCode: number | null = null;
    let error = '';
    const secret = this.projects.callbackSecret(project);
    if (!project.callback_url || !secret) {
      error = 'the project has no callback URL or secret configured';
    } else {
      const body: StatusCallbackBody = { ...d.snapshot, version: d.version, event_id: d.event_id, event: CALLBACK_EVENT, occurred_at: new Date(d.created_at).toISOString(), attempt, sent_at: new Date().toISOString() };
      const raw = JSON.stringify(body);
      try {
        const res = await fetch(`${project.callback_url}${CALLBACK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-kyc-event': CALLBACK_EVENT, 'x-kyc-signature': hmacHex(secret, raw), 'x-kyc-event-id': d.event_id },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        statusCode = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          await this.knex(T.deliveries).where({ id: d.id }).update({ state: 'delivered', delivered_at: new Date(), attempts: attempt, last_status_code: statusCode, last_error: null });
          return { state: 'delivered', delivery_id: d.id, status_code: statusCode };
        }
        error = `answered ${statusCode}`;
      } catch (err) {
        const e = err as Error;
        error = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `unreachable: ${e.message}`;
      }
    }
    const k = this.config.kyc;
    const windowMs = k.callbackRetryWindowHours * 3600_000;
    const elapsed = Date.now() - new Date(d.window_started_at).getTime();
    const delayMs = retryDelay(attempt, k.callbackRetryBaseMs, k.callbackRetryMaxMs);
    if (elapsed + delayMs > windowMs) {
      await this.knex(T.deliveries).where({ id: d.id }).update({ state: 'dead', dead_at: new Date(), attempts: attempt, last_status_code: statusCode, last_error: error.slice(0, 1000) });
      this.log.warn({ delivery_id: d.id, attempts: attempt, error }, 'kyc callback is dead after its retry window; replay it with scripts/kyc-replay-callbacks.ts');
      return { state: 'dead', delivery_id: d.id };
    }
    await this.knex(T.deliveries)
      .where({ id: d.id })
      .update({ attempts: attempt, last_status_code: statusCode, last_error: error.slice(0, 1000), next_attempt_at: new Date(Date.now() + delayMs) });
    return { state: 'retry', delivery_id: d.id, delayMs, error };
  }

  /** Dead deliveries back to pending with a fresh retry window, and queued again. */
  async replayDead(filter: { ids?: number[]; since?: Date; projectId?: number; limit?: number } = {}): Promise<number[]> {
    const rows: { id: number; replays: number }[] = await this.knex.transaction(async (trx) => {
      const q = trx(T.deliveries).where({ state: 'dead' }).orderBy('id').limit(filter.limit ?? 1000).forUpdate().select('id');
      if (filter.ids?.length) q.whereIn('id', filter.ids);
      if (filter.since) q.where('created_at', '>=', filter.since);
      if (filter.projectId) q.where({ project_id: filter.projectId });
      const ids = (await q).map((r: { id: number }) => r.id);
      if (!ids.length) return [];
      return (await trx(T.deliveries)
        .whereIn('id', ids)
        .update({ state: 'pending', dead_at: null, window_started_at: new Date(), next_attempt_at: new Date(), replays: trx.raw('replays + 1') })
        .returning(['id', 'replays'])) as { id: number; replays: number }[];
    });
    for (const r of rows) await this.enqueue(Number(r.id), r.replays);
    return rows.map((r) => Number(r.id));
  }

  /** Pending deliveries whose job was lost (Redis down at enqueue time, say) are queued again. */
  async requeueStale(olderThanMs = 120_000): Promise<number> {
    const rows = await this.knex(T.deliveries)
      .where({ state: 'pending' })
      .where('next_attempt_at', '<', new Date(Date.now() - olderThanMs))
      .orderBy('id')
      .limit(500)
      .select('id', 'replays');
    for (const r of rows) {
      const jobId = jobIdFor('kyc.deliver-callback', { actor_id: null, delivery_id: Number(r.id), replay: r.replays });
      const job = await this.producer.getJob(jobId, 'kyc').catch(() => undefined);
      // a job that crashed through all its attempts still holds the id: retry that one
      if (job && (await job.isFailed())) await job.retry().catch(() => undefined);
      else await this.enqueue(Number(r.id), r.replays);
    }
    return rows.length;
  }
}

/** Capped exponential backoff with jitter: the n-th retry waits between half and all of min(base * 2^(n-1), max). */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
