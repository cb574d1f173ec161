import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { SERVICE } from './service-index.js';

export async function timed(check: () => Promise<unknown>, timeoutMs = 2000) {
  const started = performance.now();
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref())]);
    return { status: 'ok', latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { status: 'unavailable', error: (err as Error).message || 'unreachable' };
  }
}

const Check = Joi.object({ status: Joi.string().valid('ok', 'unavailable'), latency_ms: Joi.number(), error: Joi.string() }).label('HealthCheck');

export default {
  method: 'GET',
  path: '/api/health/',
  options: {
    auth: false,
    tags: ['api', 'platform'],
    description: 'Health: checks PostgreSQL and Redis',
    notes: '200 when both answer; 503 naming the failed dependency otherwise.',
    response: {
      status: {
        200: Joi.object({ status: Joi.string(), version: Joi.string(), checks: Joi.object({ database: Check, redis: Check }).label('HealthChecks') }).label('Health'),
        503: Joi.object({ status: Joi.string(), version: Joi.string(), failed: Joi.array().items(Joi.string()), checks: Joi.object() }).label('HealthFailed'),
      },
    },
  },
  async handler(request, h) {
    const { knex, redis } = request.server.app.platform;
    const [database, redisCheck] = await Promise.all([timed(() => knex.raw('select 1')), timed(() => redis.ping())]);
    const checks = { database, redis: redisCheck };
    const failed = Object.entries(checks).filter(([, c]) => c.status !== 'ok').map(([name]) => name);
    if (failed.length) {
      return h.response({ status: 'unavailable', version: SERVICE.version, failed, checks }).code(503).header('Retry-After', '5');
    }
    return { status: 'ok', version: SERVICE.version, checks };
  },
} satisfies ServerRoute;
