// Producer side: one Queue per queue name, sharing a fail-fast connection.
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobCatalog, jobIdFor, QUEUE_NAMES, type JobName, type JobOf, type QueueName } from './catalog.js';
import { realtimeChannel, type RealtimeEvent } from './events.js';
import { whenReady } from './redis.js';
import { shareOf, UserJobShares, type FairnessLimits } from './fairness.js';

export class InvalidJobPayload extends Error {}

/** Redis is not connected: the gateway answers 503 queue_unavailable at once. */
export class QueueUnavailable extends Error {
  override name = 'QueueUnavailable';
}

export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();
  private wasReady: boolean;
  /** per-user limits and order of the heavy queues (fairness.ts); none: plain FIFO */
  readonly shares: UserJobShares | null;

  constructor(private readonly connection: Redis, readonly prefix: string, fairness?: FairnessLimits) {
    this.shares = fairness ? new UserJobShares(connection, prefix, fairness) : null;
    this.wasReady = connection.status === 'ready';
    connection.once('ready', () => (this.wasReady = true));
  }

  /**
   * Producers fail fast: BullMQ would park a command until Redis returns (a request
   * that never answers), so once connected a lost connection is an error at once.
   * Only the very first connection of the process is waited for, briefly.
   */
  private async connected(): Promise<void> {
    if (this.connection.status === 'ready') return;
    if (!this.wasReady) {
      const ok = await whenReady(this.connection, 3000).then(() => true, () => false);
      if (ok) return;
    }
    throw new QueueUnavailable(`Redis is not connected (${this.connection.status})`);
  }

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.prefix });
      q.on('error', () => undefined);
      this.queues.set(name, q);
    }
    return q;
  }

  /** `requestId`: the request this job is enqueued for (kept in job.opts for log correlation; jobs/request-context.ts) */
  async enqueue<N extends JobName>(name: N, payload: JobOf<N>, opts: { delay?: number; jobId?: string; priority?: number; requestId?: string } = {}): Promise<Job> {
    const spec = jobCatalog[name];
    const { error, value } = spec.payload.validate(payload);
    if (error) throw new InvalidJobPayload(`${name}: ${error.message}`);
    const jobId = opts.jobId ?? jobIdFor(name, value);
    const deduplication = spec.deduplication?.(value);
    await this.connected();
    const shared = this.shares && UserJobShares.applies(spec.queue) ? this.shares : null;
    const priority = shared ? await shared.admit(spec.queue, shareOf(value), jobId) : opts.priority;
    try {
      // BullMQ keeps unknown options with the job: the request id rides there, outside the checked payload
      const { requestId } = opts;
      const options = { ...spec.options, jobId, delay: opts.delay, ...(priority ? { priority } : {}), ...(deduplication ? { deduplication } : {}), ...(requestId ? { requestId } : {}) };
      return await this.queue(spec.queue).add(name, value, options);
    } catch (err) {
      await shared?.release(spec.queue, shareOf(value), jobId).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Several jobs of one name in one Redis round trip (BullMQ addBulk), each with its
   * catalog job id (a job id already queued adds nothing) and the id of the request
   * that asked for it (a batch gathers several requests). Jobs of a fair queue go one
   * by one (each must be admitted to its user's share).
   */
  async enqueueMany<N extends JobName>(name: N, items: { payload: JobOf<N>; requestId?: string }[]): Promise<void> {
    const spec = jobCatalog[name];
    if (!items.length) return;
    if (this.shares && UserJobShares.applies(spec.queue)) {
      for (const item of items) await this.enqueue(name, item.payload, { requestId: item.requestId });
      return;
    }
    const jobs = items.map(({ payload, requestId }) => {
      const { error, value } = spec.payload.validate(payload);
      if (error) throw new InvalidJobPayload(`${name}: ${error.message}`);
      const deduplication = spec.deduplication?.(value);
      return { name, data: value, opts: { ...spec.options, jobId: jobIdFor(name, value), ...(deduplication ? { deduplication } : {}), ...(requestId ? { requestId } : {}) } };
    });
    await this.connected();
    await this.queue(spec.queue).addBulk(jobs);
  }

  /** A job of a fair queue finished for good: its user's share is freed. */
  async finished(job: Pick<Job, 'id' | 'queueName' | 'data'>): Promise<void> {
    const queue = job.queueName as QueueName;
    if (this.shares && job.id && UserJobShares.applies(queue)) await this.shares.release(queue, shareOf(job.data), job.id);
  }

  async getJob(jobId: string, queue: QueueName): Promise<Job | undefined> {
    await this.connected();
    return this.queue(queue).getJob(jobId);
  }

  /** A job's state in its queue (one Redis call; `unknown` when it is gone). */
  async stateOf(jobId: string, queue: QueueName): Promise<string> {
    await this.connected();
    return this.queue(queue).getJobState(jobId);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    await this.connection.publish(realtimeChannel(this.prefix, this.connection.options.db), JSON.stringify(event));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  static get queueNames(): readonly QueueName[] {
    return QUEUE_NAMES;
  }
}
