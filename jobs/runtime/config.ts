// The one place configuration is read. Every process (web, worker, kyc, release,
// scripts) loads it the same way, validated once at start-up (fail fast at boot).
import Joi from 'joi';
import path from 'node:path';
import { DEFAULT_SECRETS_FILE, GENERATED_SECRETS, localSecrets } from './local-secrets.js';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** interface the verification microservice binds (loopback unless KYC_HOST says otherwise) */
  kycHost: string;
  kycPort: number;
  kycUrl: string;
  kyc: KycConfig;
  publicBaseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  smtpUrl: string;
  mailFrom: string;
  mailOutboxDir: string;
  mediaRoot: string;
  secretKey: string;
  /** where generated secrets of an install live (outside production) */
  secretsFile: string;
  /** the secrets this process took from secretsFile because the environment did not set them */
  generatedSecrets: string[];
  logLevel: string;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  otpTtlMinutes: number;
  otpMaxAttempts: number;
  otpSendLimitPerHour: number;
  otpSendsPerAddressPerHour: number;
  loginMaxFailures: number;
  /** requests per client address per minute on each unauthenticated route that hashes or tells accounts apart */
  authIpLimitPerMinute: number;
  /** reverse proxies in front of the gateway whose X-Forwarded-For entry is trusted (0: use the peer address) */
  trustProxyHops: number;
  passwordScryptCost: number;
  jobWaitMs: number;
  workerQueues: string[];
  workerConcurrency: number;
  /** child processes of the sandboxed media queue (OCR, barcode photos) per worker */
  mediaConcurrency: number;
  /** an OCR or barcode-decoding run longer than this fails (and its engine is restarted) */
  ocrTimeoutMs: number;
  /** OCR engine workers one document page may be read by at once, each reading a band of it */
  ocrThreads: number;
  /** invoice import: largest document accepted (bytes) */
  invoiceMaxBytes: number;
  /** invoice import: scanned pages OCR'd per document at most */
  invoiceOcrMaxPages: number;
  /** invoice import: the engine that reads an unsure photo a second time ('off': tesseract's reading alone) */
  invoiceSecondEngine: 'paddle' | 'off';
  /** invoice import: previews per user per minute */
  invoicePreviewsPerMinute: number;
  jobLockMs: number;
  shutdownTimeoutMs: number;
  corsOrigins: string[];
  /** WebSocket limits of every channel (gateway/realtime/socket-limits.ts) */
  socketLimits: { maxSocketsPerUser: number; messagesPerSecond: number; burst: number };
  /** per-user fairness of the media, invoices and imports queues (jobs/fairness.ts) */
  fairness: { inFlightPerUser: number; perMinutePerUser: number };
  /** most pixels one rendered PDF page may have (OCR of scanned invoices) */
  renderMaxPixels: number;
  /** V8 heap cap of each sandboxed child process (media, invoices), MiB */
  sandboxMaxOldSpaceMb: number;
  /**
   * Keyring of field encryption at rest (support tickets, AI chat): `id:key,...`, keys of
   * 32 bytes in base64/base64url/hex; the first is active, the others decrypt only. Empty:
   * one key derived from SECRET_KEY (see domain/support/field-cipher.ts).
   */
  fieldEncryptionKeys: string;
  /** Keyring of keyed blind indexes (HMAC of words), same format, its own keys. */
  blindIndexKeys: string;
  support: SupportConfig;
  /** AI support chat: the answer engine, its limits and the `ai` queue */
  ai: AiConfig;
  /** invoice import: what one document and one user may take of the sandboxed children (InvoiceWorkConfig) */
  invoiceWork: InvoiceWorkConfig;
}

// ---- invoice import: shares of the sandboxed children (to be merged into the per-setting declarations) ----
/**
 * How much of the `invoices` children one document and one user may hold, so a few
 * heavy uploads cannot starve everyone else's invoices (workers/invoice/, workers/job-lease.ts).
 */
export interface InvoiceWorkConfig {
  /** INVOICE_OCR_BUDGET_MS: time one document may spend on OCR (counted from the start of its extraction, renders included); pages left when it is spent are not read, and the preview says so (default 60 s) */
  ocrBudgetMs: number;
  /** INVOICE_USER_LEASE_MS: lifetime of a user's running-job lease, renewed while the job runs; a dead worker's lapses after it (default 30 s) */
  userLeaseMs: number;
  /** INVOICE_LEASE_RETRY_MS: how long a job that found its user's lease taken waits (delayed) before it tries again (default 2 s) */
  leaseRetryMs: number;
  /** SANDBOX_IDLE_EXIT_MS: a sandboxed child idle this long exits, giving its engines' memory back (0: never; default 3 min) */
  sandboxIdleExitMs: number;
}
// ---- end of invoice import shares ----

/** AI support chat (domain/support/chat/). */
export interface AiConfig {
  /** `offline`: extractive answers from the FAQ articles, no model; `openai`: an OpenAI-compatible model, offline as fallback */
  engine: 'offline' | 'openai';
  openaiBaseUrl: string;
  openaiApiKey: string;
  openaiModel: string;
  /** a reply is due this long after the question was saved (the spec's 45 s is the maximum) */
  answerTimeoutMs: number;
  /** output cap of one model answer, sent as max_tokens and enforced in our code (at most 1,800) */
  maxOutputTokens: number;
  /** concurrent answer jobs per worker process on the `ai` queue */
  concurrency: number;
  /** chat messages one user may send per minute (REST and WebSocket together) */
  messagesPerMinute: number;
  /** questions of one user waiting for their answer at the same time */
  maxPendingPerUser: number;
  /** longest chat message in characters */
  maxMessageChars: number;
  /** offline engine: BM25 score an article needs to be used as an answer */
  minScore: number;
}

/** Support tickets. */
export interface SupportConfig {
  /** largest attachment (bytes) */
  attachmentMaxBytes: number;
  /** attachments per ticket */
  attachmentMaxCount: number;
  /** resolved tickets untouched this many days are closed by the support sweep (0: never) */
  autoCloseDays: number;
  /** how often a worker consuming the support queue schedules the support sweep (0: never) */
  sweepEveryMinutes: number;
}

/** Identity verification: the microservice (kyc/) and the main service's proxy to it. */
export interface KycConfig {
  apiKey: string;
  apiSecret: string;
  /** empty: the main service refuses every status callback */
  callbackSecret: string;
  /** base URL the microservice posts status callbacks to (the main service) */
  callbackUrl: string;
  engine: 'inhouse' | 'external';
  /** neutral slug of the external provider: the `provider` value and the webhook path */
  providerName: string;
  providerBaseUrl: string;
  providerAppToken: string;
  providerSecretKey: string;
  webhookSecret: string;
  levelName: string;
  projectSlug: string;
  projectName: string;
  /** where SDK clients reach the in-house engine; empty: the microservice's own address */
  publicUrl: string;
  sweepAgeMinutes: number;
  /** how often the kyc sweeper runs; 0 schedules none */
  sweepEveryMinutes: number;
  proxyTimeoutMs: number;
  providerTimeoutMs: number;
  callbackTimeoutMs: number;
  callbackRetryBaseMs: number;
  callbackRetryMaxMs: number;
  callbackRetryWindowHours: number;
}

/** `id:key,id:key`: ids of 1–32 letters, digits, _ or -; keys of exactly 32 bytes (base64, base64url or hex). */
const keyringSpec = Joi.string()
  .allow('')
  .default('')
  .custom((value: string, helpers) => {
    const ids = new Set<string>();
    for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
      const [id, key, extra] = entry.split(':');
      if (extra !== undefined || !/^[A-Za-z0-9_-]{1,32}$/.test(id ?? '') || !key || decodeKey(key)?.length !== 32 || ids.has(id)) return helpers.error('any.invalid');
      ids.add(id);
    }
    return value;
  })
  .messages({ 'any.invalid': '{{#label}} must be a comma list of id:key with unique ids and 32-byte keys (base64 or hex)' });

/** A 32-byte key written as 64 hex digits, base64 or base64url; null when it is none of those. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(text)) return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return null;
}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  HOST: Joi.string().default('0.0.0.0'),
  PORT: Joi.number().port().default(8000),
  KYC_HOST: Joi.string().default('127.0.0.1'),
  KYC_PORT: Joi.number().port().default(8001),
  KYC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  KYC_API_KEY: Joi.string().pattern(/^[A-Za-z0-9_.-]{8,128}$/).default('kyc_dev_project_key'),
  // no defaults: a missing secret comes from SECRETS_FILE (outside production), never from the source
  KYC_API_SECRET: Joi.string().min(16).max(256).required(),
  KYC_CALLBACK_SECRET: Joi.string().allow('').max(256).required(),
  KYC_CALLBACK_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  KYC_ENGINE: Joi.string().lowercase().pattern(/^[a-z0-9_-]+$/).default('inhouse'),
  KYC_PROVIDER_NAME: Joi.string().lowercase().pattern(/^[a-z0-9_-]{2,40}$/).invalid('inhouse', 'external').default('sumsub'),
  KYC_PROVIDER_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }).default('https://api.sumsub.com'),
  KYC_PROVIDER_APP_TOKEN: Joi.string().allow('').default(''),
  KYC_PROVIDER_SECRET_KEY: Joi.string().allow('').default(''),
  KYC_WEBHOOK_SECRET: Joi.string().allow('').max(256).required(),
  KYC_LEVEL_NAME: Joi.string().max(100).default('basic-kyc-level'),
  KYC_PROJECT_SLUG: Joi.string().pattern(/^[a-z0-9][a-z0-9-]{1,62}$/).default('inventory-platform'),
  KYC_PROJECT_NAME: Joi.string().max(200).default('Inventory Platform'),
  KYC_PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow('').default(''),
  KYC_SWEEP_AGE_MINUTES: Joi.number().integer().min(1).max(7 * 24 * 60).default(30),
  KYC_SWEEP_EVERY_MINUTES: Joi.number().integer().min(0).max(24 * 60).default(5),
  KYC_PROXY_TIMEOUT_MS: Joi.number().integer().min(50).max(120000).default(20000),
  KYC_PROVIDER_TIMEOUT_MS: Joi.number().integer().min(50).max(120000).default(15000),
  KYC_CALLBACK_TIMEOUT_MS: Joi.number().integer().min(50).max(120000).default(10000),
  KYC_CALLBACK_RETRY_BASE_MS: Joi.number().integer().min(10).max(600000).default(5000),
  KYC_CALLBACK_RETRY_MAX_MS: Joi.number().integer().min(10).max(24 * 3600000).default(3600000),
  KYC_CALLBACK_RETRY_WINDOW_HOURS: Joi.number().min(0.001).max(24 * 7).default(24),
  PUBLIC_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).default('postgres://postgres@127.0.0.1:5432/inventory_platform'),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379/0'),
  QUEUE_PREFIX: Joi.string().pattern(/^[a-zA-Z0-9_]+$/).default('inv'),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }).allow('').default(''),
  MAIL_FROM: Joi.string().default('Inventory Platform <no-reply@inventory.local>'),
  MAIL_OUTBOX_DIR: Joi.string().default('var/mail-outbox'),
  MEDIA_ROOT: Joi.string().default('var/media'),
  SECRET_KEY: Joi.string().min(32).required(),
  SECRETS_FILE: Joi.string().default(DEFAULT_SECRETS_FILE),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  ACCESS_TOKEN_TTL_MINUTES: Joi.number().integer().min(15).max(60).default(30),
  REFRESH_TOKEN_TTL_DAYS: Joi.number().integer().min(7).max(30).default(14),
  OTP_TTL_MINUTES: Joi.number().integer().min(10).max(15).default(10),
  OTP_MAX_ATTEMPTS: Joi.number().integer().min(1).max(20).default(5),
  OTP_SEND_LIMIT_PER_HOUR: Joi.number().integer().min(1).max(100).default(6),
  OTP_SENDS_PER_ADDRESS_PER_HOUR: Joi.number().integer().min(1).max(1_000_000).default(200),
  LOGIN_MAX_FAILURES: Joi.number().integer().min(1).default(10),
  AUTH_IP_LIMIT_PER_MINUTE: Joi.number().integer().min(1).max(1_000_000).default(60),
  TRUST_PROXY_HOPS: Joi.number().integer().min(0).max(10).default(0),
  PASSWORD_SCRYPT_COST: Joi.number().integer().valid(1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072).default(32768),
  JOB_WAIT_MS: Joi.number().integer().min(0).max(120000).default(25000),
  WORKER_QUEUES: Joi.string().allow('').default(''),
  WORKER_CONCURRENCY: Joi.number().integer().min(1).max(500).default(20),
  MEDIA_CONCURRENCY: Joi.number().integer().min(1).max(16).default(2),
  OCR_TIMEOUT_MS: Joi.number().integer().min(1000).max(600000).default(60000),
  OCR_THREADS: Joi.number().integer().min(1).max(4).default(2),
  INVOICE_MAX_BYTES: Joi.number().integer().min(1024).max(64 * 1024 * 1024).default(20 * 1024 * 1024),
  INVOICE_OCR_MAX_PAGES: Joi.number().integer().min(1).max(100).default(10),
  INVOICE_SECOND_ENGINE: Joi.string().lowercase().valid('paddle', 'off').default('paddle'),
  INVOICE_PREVIEWS_PER_MINUTE: Joi.number().integer().min(1).max(100000).default(120),
  JOB_LOCK_MS: Joi.number().integer().min(1000).default(30000),
  SHUTDOWN_TIMEOUT_MS: Joi.number().integer().min(0).default(10000),
  // none by default: the browser pages (admin, docs) are same-origin and need no CORS
  CORS_ORIGINS: Joi.string().allow('').default(''),
  WS_MAX_SOCKETS_PER_USER: Joi.number().integer().min(1).max(1000).default(10),
  WS_MESSAGES_PER_SECOND: Joi.number().integer().min(1).max(10000).default(10),
  WS_MESSAGE_BURST: Joi.number().integer().min(1).max(10000).default(20),
  USER_JOBS_IN_FLIGHT: Joi.number().integer().min(1).max(100000).default(20),
  USER_JOBS_PER_MINUTE: Joi.number().integer().min(1).max(1000000).default(120),
  RENDER_MAX_PIXELS: Joi.number().integer().min(1_000_000).max(100_000_000).default(40_000_000),
  SANDBOX_MAX_OLD_SPACE_MB: Joi.number().integer().min(128).max(16384).default(1024),
  AI_ENGINE: Joi.string().lowercase().valid('offline', 'openai').default('offline'),
  OPENAI_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }).default('https://api.openai.com/v1'),
  OPENAI_API_KEY: Joi.string().allow('').default(''),
  OPENAI_MODEL: Joi.string().max(200).default('gpt-4o-mini'),
  AI_ANSWER_TIMEOUT_MS: Joi.number().integer().min(500).max(45000).default(45000),
  AI_MAX_OUTPUT_TOKENS: Joi.number().integer().min(64).max(1800).default(1800),
  AI_CONCURRENCY: Joi.number().integer().min(1).max(500).default(20),
  AI_MESSAGES_PER_MINUTE: Joi.number().integer().min(1).max(100000).default(30),
  AI_MAX_PENDING_PER_USER: Joi.number().integer().min(1).max(1000).default(5),
  AI_MAX_MESSAGE_CHARS: Joi.number().integer().min(100).max(20000).default(4000),
  AI_MIN_SCORE: Joi.number().min(0).max(1000).default(20),
  FIELD_ENCRYPTION_KEYS: keyringSpec,
  BLIND_INDEX_KEYS: keyringSpec,
  TICKET_ATTACHMENT_MAX_BYTES: Joi.number().integer().min(1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  TICKET_ATTACHMENT_MAX_COUNT: Joi.number().integer().min(1).max(20).default(5),
  TICKET_AUTO_CLOSE_DAYS: Joi.number().integer().min(0).max(365).default(7),
  SUPPORT_SWEEP_EVERY_MINUTES: Joi.number().integer().min(0).max(24 * 60).default(10),
  // ---- invoice import: shares of the sandboxed children (InvoiceWorkConfig) ----
  INVOICE_OCR_BUDGET_MS: Joi.number().integer().min(1000).max(600000).default(60000),
  INVOICE_USER_LEASE_MS: Joi.number().integer().min(1000).max(600000).default(30000),
  INVOICE_LEASE_RETRY_MS: Joi.number().integer().min(100).max(60000).default(2000),
  SANDBOX_IDLE_EXIT_MS: Joi.number().integer().min(0).max(24 * 3600_000).default(180000),
}).unknown(true);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secretsFile = path.resolve(env.SECRETS_FILE || DEFAULT_SECRETS_FILE);
  const unset = GENERATED_SECRETS.filter((name) => env[name] === undefined);
  if (unset.length && env.NODE_ENV === 'production') {
    throw new ConfigError(`invalid configuration: ${unset.join(', ')} must be set in production`);
  }
  if (unset.length) {
    let generated: Record<string, string>;
    try {
      generated = localSecrets(secretsFile);
    } catch (err) {
      throw new ConfigError(`invalid configuration: ${unset.join(', ')} not set and no generated secrets: ${(err as Error).message}`);
    }
    env = { ...env, ...Object.fromEntries(unset.map((name) => [name, generated[name]])) };
  }
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    throw new ConfigError(`invalid configuration: ${error.details.map((d) => d.message).join('; ')}`);
  }
  const kycEngine = String(value.KYC_ENGINE);
  if (kycEngine !== 'inhouse' && kycEngine !== 'external' && kycEngine !== value.KYC_PROVIDER_NAME) {
    throw new ConfigError(`invalid configuration: KYC_ENGINE must be inhouse, external or ${value.KYC_PROVIDER_NAME} (KYC_PROVIDER_NAME)`);
  }
  const corsOrigins = String(value.CORS_ORIGINS).split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);
  const badOrigin = corsOrigins.find((o) => o !== '*' && !/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(o));
  if (badOrigin) throw new ConfigError(`invalid configuration: CORS_ORIGINS holds "${badOrigin}"; list origins such as https://app.example.com (scheme, host and port only), or *`);
  const port: number = value.PORT;
  const kycPort: number = value.KYC_PORT;
  return {
    nodeEnv: value.NODE_ENV,
    host: value.HOST,
    port,
    kycHost: value.KYC_HOST,
    kycPort,
    kycUrl: stripSlash(value.KYC_URL ?? `http://127.0.0.1:${kycPort}`),
    kyc: {
      apiKey: value.KYC_API_KEY,
      apiSecret: value.KYC_API_SECRET,
      callbackSecret: value.KYC_CALLBACK_SECRET,
      callbackUrl: stripSlash(value.KYC_CALLBACK_URL ?? value.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`),
      engine: kycEngine === 'inhouse' ? 'inhouse' : 'external',
      providerName: value.KYC_PROVIDER_NAME,
      providerBaseUrl: stripSlash(value.KYC_PROVIDER_BASE_URL),
      providerAppToken: value.KYC_PROVIDER_APP_TOKEN,
      providerSecretKey: value.KYC_PROVIDER_SECRET_KEY,
      webhookSecret: value.KYC_WEBHOOK_SECRET,
      levelName: value.KYC_LEVEL_NAME,
      projectSlug: value.KYC_PROJECT_SLUG,
      projectName: value.KYC_PROJECT_NAME,
      publicUrl: stripSlash(value.KYC_PUBLIC_URL),
      sweepAgeMinutes: value.KYC_SWEEP_AGE_MINUTES,
      sweepEveryMinutes: value.KYC_SWEEP_EVERY_MINUTES,
      proxyTimeoutMs: value.KYC_PROXY_TIMEOUT_MS,
      providerTimeoutMs: value.KYC_PROVIDER_TIMEOUT_MS,
      callbackTimeoutMs: value.KYC_CALLBACK_TIMEOUT_MS,
      callbackRetryBaseMs: value.KYC_CALLBACK_RETRY_BASE_MS,
      callbackRetryMaxMs: value.KYC_CALLBACK_RETRY_MAX_MS,
      callbackRetryWindowHours: value.KYC_CALLBACK_RETRY_WINDOW_HOURS,
    },
    publicBaseUrl: stripSlash(value.PUBLIC_BASE_URL ?? `http://localhost:${port}`),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    queuePrefix: value.QUEUE_PREFIX,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    mailOutboxDir: path.resolve(value.MAIL_OUTBOX_DIR),
    mediaRoot: path.resolve(value.MEDIA_ROOT),
    secretKey: value.SECRET_KEY,
    secretsFile,
    generatedSecrets: unset,
    logLevel: value.LOG_LEVEL,
    accessTokenTtlMinutes: value.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: value.REFRESH_TOKEN_TTL_DAYS,
    otpTtlMinutes: value.OTP_TTL_MINUTES,
    otpMaxAttempts: value.OTP_MAX_ATTEMPTS,
    otpSendLimitPerHour: value.OTP_SEND_LIMIT_PER_HOUR,
    otpSendsPerAddressPerHour: value.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    loginMaxFailures: value.LOGIN_MAX_FAILURES,
    authIpLimitPerMinute: value.AUTH_IP_LIMIT_PER_MINUTE,
    trustProxyHops: value.TRUST_PROXY_HOPS,
    passwordScryptCost: value.PASSWORD_SCRYPT_COST,
    jobWaitMs: value.JOB_WAIT_MS,
    workerQueues: String(value.WORKER_QUEUES).split(',').map((s) => s.trim()).filter(Boolean),
    workerConcurrency: value.WORKER_CONCURRENCY,
    mediaConcurrency: value.MEDIA_CONCURRENCY,
    ocrTimeoutMs: value.OCR_TIMEOUT_MS,
    ocrThreads: value.OCR_THREADS,
    invoiceMaxBytes: value.INVOICE_MAX_BYTES,
    invoiceOcrMaxPages: value.INVOICE_OCR_MAX_PAGES,
    invoiceSecondEngine: value.INVOICE_SECOND_ENGINE,
    invoicePreviewsPerMinute: value.INVOICE_PREVIEWS_PER_MINUTE,
    jobLockMs: value.JOB_LOCK_MS,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    corsOrigins,
    socketLimits: { maxSocketsPerUser: value.WS_MAX_SOCKETS_PER_USER, messagesPerSecond: value.WS_MESSAGES_PER_SECOND, burst: value.WS_MESSAGE_BURST },
    fairness: { inFlightPerUser: value.USER_JOBS_IN_FLIGHT, perMinutePerUser: value.USER_JOBS_PER_MINUTE },
    renderMaxPixels: value.RENDER_MAX_PIXELS,
    sandboxMaxOldSpaceMb: value.SANDBOX_MAX_OLD_SPACE_MB,
    ai: {
      engine: value.AI_ENGINE,
      openaiBaseUrl: stripSlash(value.OPENAI_BASE_URL),
      openaiApiKey: value.OPENAI_API_KEY,
      openaiModel: value.OPENAI_MODEL,
      answerTimeoutMs: value.AI_ANSWER_TIMEOUT_MS,
      maxOutputTokens: value.AI_MAX_OUTPUT_TOKENS,
      concurrency: value.AI_CONCURRENCY,
      messagesPerMinute: value.AI_MESSAGES_PER_MINUTE,
      maxPendingPerUser: value.AI_MAX_PENDING_PER_USER,
      maxMessageChars: value.AI_MAX_MESSAGE_CHARS,
      minScore: value.AI_MIN_SCORE,
    },
    fieldEncryptionKeys: value.FIELD_ENCRYPTION_KEYS,
    blindIndexKeys: value.BLIND_INDEX_KEYS,
    support: {
      attachmentMaxBytes: value.TICKET_ATTACHMENT_MAX_BYTES,
      attachmentMaxCount: value.TICKET_ATTACHMENT_MAX_COUNT,
      autoCloseDays: value.TICKET_AUTO_CLOSE_DAYS,
      sweepEveryMinutes: value.SUPPORT_SWEEP_EVERY_MINUTES,
    },
    // invoice import: shares of the sandboxed children (InvoiceWorkConfig)
    invoiceWork: {
      ocrBudgetMs: value.INVOICE_OCR_BUDGET_MS,
      userLeaseMs: value.INVOICE_USER_LEASE_MS,
      leaseRetryMs: value.INVOICE_LEASE_RETRY_MS,
      sandboxIdleExitMs: value.SANDBOX_IDLE_EXIT_MS,
    },
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
