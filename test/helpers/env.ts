// Test configuration: a dedicated database and Redis index, a unique queue prefix
// per test file (so files run in parallel), fast password hashing, temp folders.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../jobs/runtime/config.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inventory_platform_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig(testEnv(overrides));
}

/** The environment testConfig reads: also what a test hands the real processes it starts, so they are the same install. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'invp-test-'));
  return {
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}`,
    PASSWORD_SCRYPT_COST: '1024',
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    MEDIA_ROOT: path.join(tmp, 'media'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOB_LOCK_MS: '5000',
    // a child that exits while idle is forked cold for the next job: not in tests of other things
    SANDBOX_IDLE_EXIT_MS: '0',
    // a busy CI machine can take longer than production's 25 s to OCR a page in a cold child;
    // tests of the 202 answer set their own (0)
    JOB_WAIT_MS: '60000',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8000',
    SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
    KYC_API_SECRET: 'test-kyc-api-secret-0123456789',
    KYC_CALLBACK_SECRET: 'test-kyc-callback-secret',
    KYC_WEBHOOK_SECRET: 'test-kyc-webhook-secret',
    BILLING_WEBHOOK_SECRET: 'test-billing-webhook-secret',
    STRIPE_MAX_NETWORK_RETRIES: '0',
    // the free plan's limits would refuse the many inventories other areas' tests create; billing tests turn them on
    BILLING_PLAN_LIMITS: 'off',
    // generous per-IP limits: every injected request comes from 127.0.0.1 (tests of the limits set their own)
    AUTH_IP_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  };
}
