// Redis connections for the two sides of a queue. Producers fail fast (a dead Redis
// is a quick 503, not a request parked in an offline queue); consumers wait and
// reconnect forever (BullMQ requires maxRetriesPerRequest: null for workers).
import { Redis, type RedisOptions } from 'ioredis';

export function producerConnection(redisUrl: string, name = 'producer'): Redis {
  const redis = new Redis(redisUrl, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', () => undefined); // surfaced by health checks and failed commands
  return redis;
}

export function consumerConnection(redisUrl: string, name = 'consumer', extra: RedisOptions = {}): Redis {
  const redis = new Redis(redisUrl, {
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 5000),
    ...extra,
  });
  redis.on('error', () => undefined);
  return redis;
}

/** Waits until a fail-fast connection is ready (start-up only). */
export async function whenReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not become ready')), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
