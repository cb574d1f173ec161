// The platform handles every role receives: configuration, database, the fail-fast
// Redis connection, the job producer and the logger. Built once per process by its
// entry (web, worker, sandboxed child, kyc, scripts) and closed on shutdown.
import pino, { type Logger } from 'pino';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Config } from '../jobs/runtime/config.js';
import { createKnex } from './knex.js';
import { producerConnection } from '../jobs/redis.js';
import { JobProducer } from '../jobs/queues.js';
import { publicLinks, type PublicLinks } from '../jobs/public-links.js';

export interface Platform {
  config: Config;
  knex: Knex;
  redis: Redis;
  producer: JobProducer;
  log: Logger;
  /** the absolute URLs clients are given (jobs/public-links.ts) */
  links: PublicLinks;
}

export function createPlatform(config: Config, role: string, log?: Logger): Platform {
  const logger = log ?? pino({ level: config.logLevel, base: { role }, redact: ['req.headers.authorization', '*.password', '*.otp_code'] });
  const redis = producerConnection(config.redisUrl, `${role}-producer`);
  return {
    config,
    knex: createKnex(config.databaseUrl, { min: 0, max: role === 'web' ? 20 : 10 }),
    redis,
    producer: new JobProducer(redis, config.queuePrefix, config.fairness),
    log: logger,
    links: publicLinks(config.publicBaseUrl),
  };
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.producer.close().catch(() => undefined);
  platform.redis.disconnect();
  await platform.knex.destroy();
}
