// Enqueue work and let the caller wait a bounded time for its result. A result
// arrives through the realtime relay (Redis pub/sub, so it reaches whichever gateway
// instance the caller is on); a caller that stops waiting gets the job id to poll.
import type { Job } from 'bullmq';
import type { Platform } from '../../db/platform.js';
import { jobCatalog, jobIdFor, queueOfJobId, type JobName, type JobOf } from '../../jobs/catalog.js';
import type { JobFinishedEvent } from '../../jobs/events.js';
import { NotFound, codedError } from '../../jobs/runtime/errors.js';
import type { Actor } from '../shared/actor.js';

export interface JobWaiters {
  waitFor(jobId: string, timeoutMs: number): Promise<JobFinishedEvent | null>;
}

export interface JobStatus {
  id: string;
  name: string;
  state: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';
  progress: unknown;
  result: unknown;
  error: { code: string; message: string } | null;
  attempts_made: number;
  created_at: string;
  finished_at: string | null;
}

export type Outcome =
  | { done: true; status: JobStatus }
  | { done: false; status: JobStatus };

export class JobService {
  constructor(private readonly platform: Platform, private readonly waiters: JobWaiters | null) {}

  /** `requestId` everywhere here: the request the job is for (actor.requestId), kept with the job for log correlation */
  async enqueue<N extends JobName>(name: N, payload: JobOf<N>, requestId?: string): Promise<Job> {
    return this.platform.producer.enqueue(name, payload, { requestId });
  }

  /**
   * Enqueues and, subscribed before the job is added, hands back the wait for its
   * finish event (null when it has not finished within `waitMs`). An enqueue failure
   * is thrown here, apart from the wait.
   */
  async enqueueWatched<N extends JobName>(name: N, payload: JobOf<N>, waitMs: number, requestId?: string): Promise<{ jobId: string; finished: Promise<JobFinishedEvent | null> }> {
    const jobId = jobIdFor(name, payload);
    const finished = this.waiters && waitMs > 0 ? this.waiters.waitFor(jobId, waitMs) : Promise.resolve(null);
    await this.platform.producer.enqueue(name, payload, { jobId, requestId });
    return { jobId, finished };
  }

  /**
   * Enqueues and waits up to `waitMs` for the job to finish. A job under a fresh id
   * (no catalog job id rule) is the one just added, so its answer comes without
   * reading it back: from its finish event (which carries the result, the attempts
   * and the times), or, when the wait is 0, as waiting; only a wait that ran out asks
   * Redis for its state. A job under a deterministic id may be an earlier one, so it is
   * read back whole.
   */
  async run<N extends JobName>(name: N, payload: JobOf<N>, waitMs: number, requestId?: string): Promise<Outcome> {
    const jobId = jobIdFor(name, payload);
    // subscribe before adding so a fast worker cannot finish unseen
    const finished = this.waiters && waitMs > 0 ? this.waiters.waitFor(jobId, waitMs) : Promise.resolve(null);
    const job = await this.platform.producer.enqueue(name, payload, { jobId, requestId });
    const event = await finished;
    if (jobCatalog[name].jobId || !jobCatalog[name].pollable) return this.outcomeOf(await this.read(job.id!, () => true));
    if (event) return this.outcomeOf(finishedStatus(job, event));
    if (!(waitMs > 0 && this.waiters)) return this.outcomeOf(addedStatus(job, 'waiting'));
    const state = await this.platform.producer.stateOf(job.id!, jobCatalog[name].queue);
    // it finished between the wait running out and now: read it whole, with its result
    if (state === 'completed' || state === 'failed') return this.outcomeOf(await this.read(job.id!, () => true));
    return this.outcomeOf(addedStatus(job, publicState(state)));
  }

  private outcomeOf(status: JobStatus): Outcome {
    return { done: status.state === 'completed' || status.state === 'failed', status };
  }

  /** A pollable job the actor started (staff see every job); anyone else's is a 404. */
  async statusOf(jobId: string, actor: Actor): Promise<JobStatus> {
    return this.read(jobId, (job) => actor.isStaff || job.data?.actor_id === actor.userId);
  }

  private async read(jobId: string, visible: (job: { data?: { actor_id?: string | null } }) => boolean): Promise<JobStatus> {
    const queue = queueOfJobId(jobId);
    let job = queue ? await this.platform.producer.getJob(jobId, queue) : undefined;
    if (!job || !(job.name in jobCatalog) || !jobCatalog[job.name as JobName].pollable) throw new NotFound('Job');
    if (!visible(job)) throw new NotFound('Job');
    const state = (await job.getState()) as string;
    // the job may have finished between reading it and reading its state: read it again
    // so that "completed" never comes without its result
    if ((state === 'completed' || state === 'failed') && !job.finishedOn) job = (await this.platform.producer.getJob(jobId, queue!)) ?? job;
    const failed = state === 'failed';
    return {
      id: job.id!,
      name: job.name,
      state: publicState(state),
      progress: job.progress ?? 0,
      result: state === 'completed' ? job.returnvalue ?? null : null,
      error: failed ? codedError(job.failedReason, 'The job failed.') : null,
      attempts_made: job.attemptsMade,
      created_at: new Date(job.timestamp).toISOString(),
      finished_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    };
  }
}

/** BullMQ's state of a job as a client sees it (prioritized and waiting-children are waiting). */
function publicState(state: string): JobStatus['state'] {
  if (['waiting', 'delayed', 'active', 'completed', 'failed'].includes(state)) return state as JobStatus['state'];
  return state === 'prioritized' || state === 'waiting-children' ? 'waiting' : 'unknown';
}

/** The status of a job this process has just added, not finished yet. */
function addedStatus(job: Job, state: JobStatus['state']): JobStatus {
  return { id: job.id!, name: job.name, state, progress: 0, result: null, error: null, attempts_made: 0, created_at: new Date(job.timestamp).toISOString(), finished_at: null };
}

/** The status of a job this process added, from its finish event (what a read of the finished job returns). */
function finishedStatus(job: Job, event: JobFinishedEvent): JobStatus {
  const completed = event.kind === 'job.completed';
  return {
    ...addedStatus(job, completed ? 'completed' : 'failed'),
    progress: event.progress ?? 0,
    result: completed ? event.result ?? null : null,
    error: completed ? null : event.error ?? codedError(undefined, 'The job failed.'),
    attempts_made: event.attempts_made ?? 1,
    finished_at: event.finished_at,
  };
}
