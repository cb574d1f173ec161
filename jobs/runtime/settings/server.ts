// The gateway: where it listens, how it is reached, logs, shutdown, browsers and sockets.
import Joi from 'joi';
import path from 'node:path';
import { inGroup, oneOf, setting, stripSlash, type SettingValues } from './define.js';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/;
const originsOf = (text: string) => text.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);

/** A comma list of origins, each scheme + host + port, or `*`. */
const corsOrigins = Joi.string()
  .allow('')
  .default('')
  .custom((value: string, helpers) => {
    const bad = originsOf(value).find((o) => o !== '*' && !ORIGIN.test(o));
    return bad === undefined ? value : helpers.error('cors.origin', { origin: bad });
  })
  .messages({ 'cors.origin': 'CORS_ORIGINS holds "{#origin}"; list origins such as https://app.example.com (scheme, host and port only), or *' });

export const serverGroup = { name: 'server', title: 'Server', intro: 'The gateway process (HTTP and WebSocket) and what every process shares: environment, logs, shutdown, uploaded files.' };

export const serverSettings = inGroup(serverGroup, {
  nodeEnv: setting(
    'NODE_ENV',
    oneOf(Joi.string(), ['development', 'test', 'production']).default('development'),
    '`production` refuses to start unless `SECRET_KEY`, `KYC_API_SECRET`, `KYC_CALLBACK_SECRET` and `KYC_WEBHOOK_SECRET` are set (and writes no secrets file)',
  ),
  host: setting('HOST', Joi.string().default('0.0.0.0'), 'interface the gateway binds'),
  port: setting('PORT', Joi.number().port().default(8000), 'gateway port (HTTP and WebSocket)'),
  publicBaseUrl: setting('PUBLIC_BASE_URL', Joi.string().uri({ scheme: ['http', 'https'] }), 'base of absolute URLs in responses', {
    shownDefault: '`http://localhost:$PORT`',
    read: (value: string | undefined, all: SettingValues) => stripSlash(value ?? `http://localhost:${all.PORT}`),
  }),
  logLevel: setting('LOG_LEVEL', Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'), 'pino level (`debug` also logs every request)'),
  shutdownTimeoutMs: setting('SHUTDOWN_TIMEOUT_MS', Joi.number().integer().min(0).default(10000), 'how long SIGTERM waits for in-flight requests'),
  // none by default: the browser pages (admin, docs) are same-origin and need no CORS
  corsOrigins: setting(
    'CORS_ORIGINS',
    corsOrigins,
    'comma list of origins browsers may call the API from (`https://app.example.com`, scheme + host + port; `*` for any). Empty: no cross-origin access (the admin console and the docs are same-origin and need none)',
    { allowed: 'comma list of origins (scheme, host and port only) or `*`', read: originsOf },
  ),
  mediaRoot: setting('MEDIA_ROOT', Joi.string().default('var/media'), 'uploaded files (product images, documents)', { read: (value: string) => path.resolve(value) }),
  /** WebSocket limits of every channel (gateway/realtime/socket-limits.ts) */
  socketLimits: {
    maxSocketsPerUser: setting('WS_MAX_SOCKETS_PER_USER', Joi.number().integer().min(1).max(1000).default(10), 'open sockets one user may hold on one WebSocket channel; one more is closed with 4429'),
    messagesPerSecond: setting('WS_MESSAGES_PER_SECOND', Joi.number().integer().min(1).max(10000).default(10), 'messages one socket may send per second (see Security in the README)'),
    burst: setting('WS_MESSAGE_BURST', Joi.number().integer().min(1).max(10000).default(20), 'messages one socket may send in a burst (see Security in the README)'),
  },
  wsUpgradesPerMinute: setting(
    'WS_UPGRADES_PER_MINUTE',
    Joi.number().integer().min(1).max(1_000_000).default(120),
    'WebSocket upgrade requests (any `/ws/` path, before the token is checked) per client address per minute; beyond, the upgrade is answered HTTP 429 `rate_limited` with `Retry-After` and no socket opens',
  ),
});
