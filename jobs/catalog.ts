// The contract both sides share: every job is declared once, with its queue, payload
// schema, retry policy, retention and job-id rule. Payloads carry ids, never files,
// secrets or personal data (Redis keeps them in clear text).
import Joi from 'joi';
import { randomUUID } from 'node:crypto';
import type { JobsOptions } from 'bullmq';

export const QUEUE_NAMES = ['system', 'mail', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Who asked for the job; results are pushed to this user and only they may poll it. */
const actor = Joi.string().guid({ version: 'uuidv4' }).allow(null);

export interface JobPayloads {
  'system.echo': { actor_id: string | null; echo: unknown };
  'mail.send': { actor_id: string | null; email_id: number };
  'maintenance.sweep': { actor_id: null };
}
export type JobName = keyof JobPayloads;
export type JobOf<N extends JobName> = JobPayloads[N];

export interface JobSpec<N extends JobName> {
  queue: QueueName;
  payload: Joi.ObjectSchema<JobOf<N>>;
  options: JobsOptions;
  /** Deterministic id for jobs that must not run twice; random otherwise. */
  jobId?: (payload: JobOf<N>) => string;
  /** Whether a client may read the job through GET /api/jobs/{id}/. */
  pollable: boolean;
}

const retention = { removeOnComplete: { age: 3600, count: 5000 }, removeOnFail: { age: 7 * 24 * 3600, count: 5000 } };
const backoff = (delay: number) => ({ type: 'exponential', delay, jitter: 0.5 }) as const;

export const jobCatalog: { [N in JobName]: JobSpec<N> } = {
  'system.echo': {
    queue: 'system',
    payload: Joi.object({ actor_id: actor.required(), echo: Joi.any() }),
    options: { attempts: 1, ...retention },
    pollable: true,
  },
  'mail.send': {
    queue: 'mail',
    payload: Joi.object({ actor_id: actor.required(), email_id: Joi.number().integer().positive().required() }),
    options: { attempts: 8, backoff: backoff(2000), ...retention },
    jobId: (p) => `mail-send-${p.email_id}`,
    pollable: false,
  },
  'maintenance.sweep': {
    queue: 'maintenance',
    payload: Joi.object({ actor_id: Joi.valid(null).required() }),
    options: { attempts: 3, backoff: backoff(10000), ...retention },
    pollable: false,
  },
};

export function jobIdFor<N extends JobName>(name: N, payload: JobOf<N>): string {
  const spec = jobCatalog[name];
  const id = spec.jobId ? spec.jobId(payload) : `${spec.queue}-${randomUUID()}`;
  if (!id.startsWith(`${spec.queue}-`) || id.includes(':')) {
    throw new Error(`job id ${id} for ${name} must start with "${spec.queue}-" and contain no ":"`);
  }
  return id;
}

/** The queue a job lives in is the prefix of its id (see jobIdFor). */
export function queueOfJobId(jobId: string): QueueName | undefined {
  const prefix = jobId.split('-', 1)[0];
  return (QUEUE_NAMES as readonly string[]).includes(prefix) ? (prefix as QueueName) : undefined;
}

export function jobNamesOf(queue: QueueName): JobName[] {
  return (Object.keys(jobCatalog) as JobName[]).filter((n) => jobCatalog[n].queue === queue);
}
