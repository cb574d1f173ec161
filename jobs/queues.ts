// Producer side: one Queue per queue name, sharing a fail-fast connection.
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobCatalog, jobIdFor, QUEUE_NAMES, type JobName, type JobOf, type QueueName } from './catalog.js';
import { realtimeChannel, type RealtimeEvent } from './events.js';

export class InvalidJobPayload extends Error {}

export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(private readonly connection: Redis, readonly prefix: string) {}

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.prefix });
      q.on('error', () => undefined);
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue<N extends JobName>(name: N, payload: JobOf<N>, opts: { delay?: number; jobId?: string } = {}): Promise<Job> {
    const spec = jobCatalog[name];
    const { error, value } = spec.payload.validate(payload);
    if (error) throw new InvalidJobPayload(`${name}: ${error.message}`);
    const jobId = opts.jobId ?? jobIdFor(name, value);
    return this.queue(spec.queue).add(name, value, { ...spec.options, jobId, delay: opts.delay });
  }

  async getJob(jobId: string, queue: QueueName): Promise<Job | undefined> {
    return this.queue(queue).getJob(jobId);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    await this.connection.publish(realtimeChannel(this.prefix), JSON.stringify(event));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  static get queueNames(): readonly QueueName[] {
    return QUEUE_NAMES;
  }
}
