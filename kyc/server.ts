// compose(): the verification microservice as an initialized (not listening) Hapi
// server: the same error body and joi validation as the gateway, project auth by
// X-Api-Key, its services, and the project named by KYC_API_KEY ensured to exist.
import Hapi, { type Server } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import knexFactory from 'knex';
import { knexConfig } from '../db/knex.js';
import type { Config } from '../jobs/runtime/config.js';
import { createPlatform, closePlatform } from '../db/platform.js';
import type { Platform } from '../db/platform.js';
import { errorsPlugin, responseFailAction, validationFailAction } from '../gateway/http/errors.js';
import { inputGuardPlugin } from '../gateway/http/input-guard.js';
import { securityHeadersPlugin } from '../gateway/http/security-headers.js';
import './types.js';
import { createKycServices } from './services/index.js';
import { kycAuthPlugin } from './plugins/auth.js';
import { kycSlashesPlugin } from './plugins/slashes.js';
import { kycRoutes } from './routes/index.js';
import { registerKycOpenApi } from './openapi.js';

export const INHOUSE_API_PATH = '/api/v1/kyc/inhouse';

export async function compose(config: Config, opts: { platform?: Platform } = {}): Promise<Server> {
  const platform = opts.platform ?? createPlatform(config, 'kyc');
  const webhookRecordDb = webhookRecordKnex(config);
  const kyc = createKycServices(platform, { webhookRecordDb });
  const server = hapiServer(config);
  server.app.platform = platform;
  server.app.kyc = kyc;
  server.app.kycApiBase = config.kyc.publicUrl ? `${config.kyc.publicUrl}${INHOUSE_API_PATH}` : '';

  await server.register({
    plugin: HapiPino,
    options: {
      instance: platform.log,
      logPayload: false,
      logRequestComplete: config.logLevel === 'debug' || config.logLevel === 'trace',
      ignorePaths: ['/health', '/api/v1/kyc/health'],
      redact: ['req.headers.authorization', 'req.headers["x-api-secret"]'],
    },
  });
  // the same edge as the gateway: hostile input refused before any route, nosniff and no-store
  await server.register([errorsPlugin, securityHeadersPlugin, inputGuardPlugin, kycSlashesPlugin, kycAuthPlugin]);
  await registerKycOpenApi(server);
  server.route(kycRoutes);

  server.ext('onPostStart', () => {
    // without KYC_PUBLIC_URL, SDK clients reach the in-house engine where this process listens
    if (!config.kyc.publicUrl) {
      const local = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.kycHost);
      server.app.kycApiBase = `${local ? `http://127.0.0.1:${server.info.port}` : server.info.uri}${INHOUSE_API_PATH}`;
    }
  });
  server.ext('onPostStop', async () => {
    await webhookRecordDb.destroy();
    if (!opts.platform) await closePlatform(platform);
  });

  await kyc.projects.ensureConfigured();
  await server.initialize();
  return server;
}

/**
 * Webhook records are an audit trail written at webhook rate: asynchronous commit (see
 * WebhookService). 20 connections: with 4 the inserts queued for the pool and capped
 * acceptance at ~950/s (scripts/bench/kyc-webhooks.ts).
 */
function webhookRecordKnex(config: Config) {
  return knexFactory({
    ...knexConfig(config.databaseUrl),
    pool: { min: 0, max: 20, afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) => conn.query('SET synchronous_commit TO OFF', (err) => done(err, conn)) },
  });
}

/** The hapi server with the defaults every KYC route starts from. */
function hapiServer(config: Config): Server {
  return Hapi.server({
    port: config.kycPort,
    // loopback unless KYC_HOST says otherwise: the main service is the only intended caller
    host: config.kycHost,
    router: { isCaseSensitive: true },
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: false, stripUnknown: false } },
      response: { failAction: responseFailAction(config.nodeEnv === 'test'), options: { allowUnknown: true } },
      payload: { maxBytes: 64 * 1024 },
      cache: { otherwise: 'no-store' },
      timeout: { server: false, socket: false },
    },
    load: { sampleInterval: 0 },
  });
}
