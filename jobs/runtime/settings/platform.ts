// What every process connects to and keeps: secrets of the install, PostgreSQL, Redis, mail.
import Joi from 'joi';
import path from 'node:path';
import { inGroup, setting } from './define.js';

export const DEFAULT_SECRETS_FILE = 'var/secrets.json';
const GENERATED = 'generated (see `SECRETS_FILE`)';

export const secretsGroup = {
  name: 'secrets',
  title: 'Secrets of the install',
  intro: 'A secret marked *generated* is required in production; outside production one the environment does not set is generated on first start into `SECRETS_FILE` and shared by every process of the install.',
};
export const databaseGroup = { name: 'database', title: 'Database' };
export const redisGroup = { name: 'redis', title: 'Redis' };
export const mailGroup = { name: 'mail', title: 'Mail' };

export const secretSettings = inGroup(secretsGroup, {
  // no default: a missing secret comes from SECRETS_FILE (outside production), never from the source
  secretKey: setting('SECRET_KEY', Joi.string().min(32).required(), 'HMAC key for OTP hashes and key for data sealed at rest (required in production, ≥ 32 chars)', {
    secret: 'generated',
    shownDefault: GENERATED,
  }),
  /** where generated secrets of an install live (outside production) */
  secretsFile: setting(
    'SECRETS_FILE',
    Joi.string().default(DEFAULT_SECRETS_FILE),
    'outside production, where the secrets that the environment does not set are generated on first start (random, mode 0600) and read by every process of the install. No secret has a value printed in the source',
    { read: (value: string) => path.resolve(value) },
  ),
});

export const databaseSettings = inGroup(databaseGroup, {
  databaseUrl: setting('DATABASE_URL', Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).default('postgres://postgres@127.0.0.1:5432/inventory_platform'), 'PostgreSQL; the database is created when missing'),
});

export const redisSettings = inGroup(redisGroup, {
  redisUrl: setting('REDIS_URL', Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379/0'), 'Redis; the database index is honoured, so two installs can share one Redis'),
  queuePrefix: setting('QUEUE_PREFIX', Joi.string().pattern(/^[a-zA-Z0-9_]+$/).default('inv'), 'key prefix of queues, rate limits and pub/sub channels'),
});

export const mailSettings = inGroup(mailGroup, {
  smtpUrl: setting('SMTP_URL', Joi.string().uri({ scheme: ['smtp', 'smtps'] }).allow('').default(''), 'e.g. `smtp://user:pass@mail.example.com:587`; empty writes `.eml` files to `MAIL_OUTBOX_DIR`'),
  mailFrom: setting('MAIL_FROM', Joi.string().default('Inventory Platform <no-reply@inventory.local>'), 'sender of platform e-mail'),
  mailOutboxDir: setting('MAIL_OUTBOX_DIR', Joi.string().default('var/mail-outbox'), 'where e-mails go when `SMTP_URL` is empty', { read: (value: string) => path.resolve(value) }),
});
