// Readiness: may this instance take traffic, and is the work behind it moving?
// 503 while draining or when PostgreSQL or Redis does not answer; 200 otherwise, with
// status "degraded" naming queues that hold too many failed jobs or that no worker consumes.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { QUEUE_NAMES } from '../../../jobs/catalog.js';
import { SERVICE } from './service-index.js';
import { timed } from './health.js';

const Check = Joi.object({ status: Joi.string().valid('ok', 'unavailable'), latency_ms: Joi.number(), error: Joi.string() }).label('ReadyCheck');
const QueueState = Joi.object({ failed: Joi.number().integer(), waiting: Joi.number().integer(), workers: Joi.number().integer(), problems: Joi.array().items(Joi.string()) }).label('ReadyQueue');
const Ready = Joi.object({
  status: Joi.string().valid('ok', 'degraded', 'unavailable', 'draining'),
  version: Joi.string(),
  checks: Joi.object({ database: Check, redis: Check }).label('ReadyChecks'),
  // one key per queue of the catalog (a pattern would be documented as a property named "string")
  queues: Joi.object(Object.fromEntries(QUEUE_NAMES.map((name) => [name, QueueState]))).label('ReadyQueues'),
  degraded: Joi.array().items(Joi.string()).description('queue: problem, one per line'),
}).label('Ready');

export default {
  method: 'GET',
  path: '/api/health/ready/',
  options: {
    auth: false,
    tags: ['api', 'platform'],
    description: 'Readiness: dependencies, and queues with failed jobs piling up or no worker',
    notes: `503 while the instance drains after SIGTERM (DRAIN_MS) or when PostgreSQL or Redis does not answer. Otherwise 200: status ok, or degraded naming each queue with more than READY_MAX_FAILED_JOBS failed jobs or with jobs waiting and no worker consuming it. /api/health/ stays the liveness check.`,
    response: { status: { 200: Ready, 503: Ready } },
  },
  async handler(request, h) {
    const { knex, redis, producer, config } = request.server.app.platform;
    if (request.server.app.draining) return h.response({ status: 'draining', version: SERVICE.version }).code(503).header('Retry-After', '1');
    const [database, redisCheck] = await Promise.all([timed(() => knex.raw('select 1')), timed(() => redis.ping())]);
    const checks = { database, redis: redisCheck };
    if (database.status !== 'ok' || redisCheck.status !== 'ok') return h.response({ status: 'unavailable', version: SERVICE.version, checks }).code(503).header('Retry-After', '5');
    const queues: Record<string, { failed: number; waiting: number; workers: number; problems: string[] }> = {};
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const queue = producer.queue(name);
        const [counts, workers] = await Promise.all([queue.getJobCounts('failed', 'waiting', 'prioritized', 'delayed'), queue.getWorkersCount()]);
        const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
        const problems: string[] = [];
        if ((counts.failed ?? 0) > config.readyMaxFailedJobs) problems.push(`${counts.failed} failed jobs (more than ${config.readyMaxFailedJobs})`);
        if (workers === 0 && waiting + (counts.delayed ?? 0) > 0) problems.push(`no worker consumes it (${waiting} waiting)`);
        queues[name] = { failed: counts.failed ?? 0, waiting, workers, problems };
      }),
    );
    const degraded = Object.entries(queues).flatMap(([name, q]) => q.problems.map((p) => `${name}: ${p}`));
    return { status: degraded.length ? 'degraded' : 'ok', version: SERVICE.version, checks, queues, degraded };
  },
} satisfies ServerRoute;
