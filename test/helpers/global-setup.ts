// Runs once before the test files (test/helpers/test-command.ts, i.e. `npm test`): a fresh test database, migrated
// and seeded, and an empty test Redis index.
import pg from 'pg';
import { Redis } from 'ioredis';
import { migrateAndSeed } from '../../db/migrate.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';

const url = new URL(TEST_DATABASE_URL);
const name = url.pathname.slice(1);
const admin = new URL(TEST_DATABASE_URL);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await client.end();
await migrateAndSeed(TEST_DATABASE_URL);

const redis = new Redis(TEST_REDIS_URL);
await redis.flushdb();
redis.disconnect();
console.log(`test set-up: ${name} migrated, ${TEST_REDIS_URL} flushed`);
