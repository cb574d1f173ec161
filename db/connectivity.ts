// Start-up checks: a missing or unreachable dependency is one clear line that names
// the URL and how to start it, never a stack trace.
import pg from 'pg';
import { Redis } from 'ioredis';
import { redactUrl } from '../jobs/runtime/config.js';
import { DependencyError } from '../jobs/runtime/errors.js';


const PG_HINT = "start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start";
const REDIS_HINT = 'start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';

/** Connects to the server's maintenance database and creates ours when missing. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new DependencyError(`DATABASE_URL ${redactUrl(databaseUrl)} names no database`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new DependencyError(`PostgreSQL is not reachable at ${redactUrl(databaseUrl)} (${(err as Error).message || (err as { code?: string }).code}); ${PG_HINT}`);
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } catch (err) {
      // another process created it at the same moment
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') {
      throw new DependencyError(`the database of ${redactUrl(databaseUrl)} does not exist; create and migrate it with: npm run release (npm start does it for you)`);
    }
    throw new DependencyError(`PostgreSQL is not reachable at ${redactUrl(databaseUrl)} (${(err as Error).message || (err as { code?: string }).code}); ${PG_HINT}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new DependencyError(`Redis is not reachable at ${redactUrl(redisUrl)} (${(err as Error).message}); ${REDIS_HINT}`);
  } finally {
    redis.disconnect();
  }
}
