// Relays events published by any process (workers, other gateway instances) to this
// instance's sockets and HTTP waiters. One Redis subscriber per gateway instance.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { realtimeChannel, type JobFinishedEvent, type RealtimeEvent } from '../../jobs/events.js';
import type { JobWaiters } from '../../domain/jobs/job-service.js';
import type { SocketHub } from './socket-hub.js';
import { jobResultOut } from '../routes/jobs/job-result.js';

const NOTIFICATIONS_PATH = '/ws/notifications/';

export class RealtimeRelay implements JobWaiters {
  private readonly waiters = new Map<string, Set<(e: JobFinishedEvent) => void>>();

  constructor(
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly hub: SocketHub,
    private readonly onRevoked: (event: { user_id?: string; token_hashes?: string[] }) => void,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, text: string) => this.dispatch(text));
    await this.subscriber.subscribe(realtimeChannel(this.prefix, this.subscriber.options.db));
  }

  waitFor(jobId: string, timeoutMs: number): Promise<JobFinishedEvent | null> {
    return new Promise((resolve) => {
      let set = this.waiters.get(jobId);
      if (!set) this.waiters.set(jobId, (set = new Set()));
      const done = (e: JobFinishedEvent | null) => {
        clearTimeout(timer);
        set!.delete(done);
        if (set!.size === 0) this.waiters.delete(jobId);
        resolve(e);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      set.add(done);
    });
  }

  private dispatch(text: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(text);
    } catch {
      return this.log.warn('malformed realtime event ignored');
    }
    switch (event.kind) {
      case 'job.completed':
      case 'job.failed': {
        for (const w of this.waiters.get(event.job_id) ?? []) w(event);
        if (event.actor_id) {
          // job results belong to the notification channel, not to every socket of the user
          this.hub.sendToUser(
            event.actor_id,
            event.kind === 'job.completed'
              ? { type: 'job.completed', data: { job_id: event.job_id, name: event.name, result: jobResultOut(event.name, event.result ?? null), finished_at: event.finished_at } }
              : { type: 'job.failed', data: { job_id: event.job_id, name: event.name, error: event.error ?? { code: 'job_failed', message: 'The job failed.' }, finished_at: event.finished_at } },
            NOTIFICATIONS_PATH,
          );
        }
        break;
      }
      case 'user.message':
        for (const id of event.user_ids) this.hub.sendToUser(id, event.message, event.channel ?? NOTIFICATIONS_PATH);
        break;
      case 'channel.event':
        this.hub.channelEvent(event.channel, event.user_id, event.event, event.data).catch((err) => this.log.warn({ err, channel: event.channel, event: event.event }, 'channel event not delivered'));
        break;
      case 'auth.revoked':
        this.onRevoked(event);
        this.hub.revoked(event).catch((err) => this.log.warn({ err }, 'could not close revoked sockets'));
        break;
    }
  }

  async stop(): Promise<void> {
    for (const set of this.waiters.values()) for (const w of set) w(null as never);
    await this.subscriber.quit().catch(() => undefined);
  }
}
