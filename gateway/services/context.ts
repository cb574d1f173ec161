// The shared handles every service receives: configuration, database, the fail-fast
// Redis connection and the job producer. Built once per process.
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { JobProducer } from '../../jobs/queues.js';

export interface Platform {
  config: Config;
  knex: Knex;
  redis: Redis;
  jobs: JobProducer;
  log: Logger;
}
