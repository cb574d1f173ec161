// The one place configuration is read. Every process (web, worker, kyc, release,
// scripts) loads it the same way, validated once at start-up (fail fast at boot).
import Joi from 'joi';
import path from 'node:path';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  kycPort: number;
  kycUrl: string;
  publicBaseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  smtpUrl: string;
  mailFrom: string;
  mailOutboxDir: string;
  mediaRoot: string;
  secretKey: string;
  logLevel: string;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  otpTtlMinutes: number;
  otpMaxAttempts: number;
  otpSendLimitPerHour: number;
  loginMaxFailures: number;
  passwordScryptCost: number;
  jobWaitMs: number;
  workerQueues: string[];
  workerConcurrency: number;
  jobLockMs: number;
  shutdownTimeoutMs: number;
  corsOrigins: string[];
}

const DEV_SECRET = 'dev-insecure-secret-key-change-me-0123456789';

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  HOST: Joi.string().default('0.0.0.0'),
  PORT: Joi.number().port().default(8000),
  KYC_PORT: Joi.number().port().default(8001),
  KYC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  PUBLIC_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).default('postgres://postgres@127.0.0.1:5432/inventory_platform'),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379/0'),
  QUEUE_PREFIX: Joi.string().pattern(/^[a-zA-Z0-9_]+$/).default('inv'),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }).allow('').default(''),
  MAIL_FROM: Joi.string().default('Inventory Platform <no-reply@inventory.local>'),
  MAIL_OUTBOX_DIR: Joi.string().default('var/mail-outbox'),
  MEDIA_ROOT: Joi.string().default('var/media'),
  SECRET_KEY: Joi.string().min(32).default(DEV_SECRET),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  ACCESS_TOKEN_TTL_MINUTES: Joi.number().integer().min(15).max(60).default(30),
  REFRESH_TOKEN_TTL_DAYS: Joi.number().integer().min(7).max(30).default(14),
  OTP_TTL_MINUTES: Joi.number().integer().min(10).max(15).default(10),
  OTP_MAX_ATTEMPTS: Joi.number().integer().min(1).max(20).default(5),
  OTP_SEND_LIMIT_PER_HOUR: Joi.number().integer().min(1).max(100).default(6),
  LOGIN_MAX_FAILURES: Joi.number().integer().min(1).default(10),
  PASSWORD_SCRYPT_COST: Joi.number().integer().valid(1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072).default(32768),
  JOB_WAIT_MS: Joi.number().integer().min(0).max(120000).default(25000),
  WORKER_QUEUES: Joi.string().allow('').default(''),
  WORKER_CONCURRENCY: Joi.number().integer().min(1).max(500).default(20),
  JOB_LOCK_MS: Joi.number().integer().min(1000).default(30000),
  SHUTDOWN_TIMEOUT_MS: Joi.number().integer().min(0).default(10000),
  CORS_ORIGINS: Joi.string().default('*'),
}).unknown(true);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    throw new ConfigError(`invalid configuration: ${error.details.map((d) => d.message).join('; ')}`);
  }
  if (value.NODE_ENV === 'production' && value.SECRET_KEY === DEV_SECRET) {
    throw new ConfigError('invalid configuration: SECRET_KEY must be set in production');
  }
  const port: number = value.PORT;
  const kycPort: number = value.KYC_PORT;
  return {
    nodeEnv: value.NODE_ENV,
    host: value.HOST,
    port,
    kycPort,
    kycUrl: stripSlash(value.KYC_URL ?? `http://127.0.0.1:${kycPort}`),
    publicBaseUrl: stripSlash(value.PUBLIC_BASE_URL ?? `http://localhost:${port}`),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    queuePrefix: value.QUEUE_PREFIX,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    mailOutboxDir: path.resolve(value.MAIL_OUTBOX_DIR),
    mediaRoot: path.resolve(value.MEDIA_ROOT),
    secretKey: value.SECRET_KEY,
    logLevel: value.LOG_LEVEL,
    accessTokenTtlMinutes: value.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: value.REFRESH_TOKEN_TTL_DAYS,
    otpTtlMinutes: value.OTP_TTL_MINUTES,
    otpMaxAttempts: value.OTP_MAX_ATTEMPTS,
    otpSendLimitPerHour: value.OTP_SEND_LIMIT_PER_HOUR,
    loginMaxFailures: value.LOGIN_MAX_FAILURES,
    passwordScryptCost: value.PASSWORD_SCRYPT_COST,
    jobWaitMs: value.JOB_WAIT_MS,
    workerQueues: String(value.WORKER_QUEUES).split(',').map((s) => s.trim()).filter(Boolean),
    workerConcurrency: value.WORKER_CONCURRENCY,
    jobLockMs: value.JOB_LOCK_MS,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    corsOrigins: String(value.CORS_ORIGINS).split(',').map((s) => s.trim()).filter(Boolean),
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Hide the password part of a connection URL before it is printed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
