// compose(): an initialized (not listening) server with its platform, services and
// realtime hub. Tests call server.inject() on it; only index.ts listens.
import Hapi, { type Server } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import type { Config } from './config/env.js';
import './types.js';
import { createPlatform, createServices, closePlatform } from './services/index.js';
import { errorsPlugin, validationFailAction } from './plugins/errors.js';
import { authPlugin } from './plugins/auth.js';
import { scopePlugin } from './plugins/scope.js';
import { trailingSlashPlugin } from './plugins/trailing-slash.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerNotificationChannel } from './plugins/realtime.js';
import { SocketHub } from './realtime/hub.js';
import { RealtimeRelay } from './realtime/relay.js';
import { consumerConnection } from '../jobs/redis.js';
import { routes } from './routes/index.js';

export async function compose(config: Config): Promise<Server> {
  const platform = createPlatform(config, 'web');
  const server = Hapi.server({
    port: config.port,
    host: config.host,
    router: { isCaseSensitive: true },
    routes: {
      cors: { origin: config.corsOrigins, additionalHeaders: ['X-Profile-Type', 'X-Team-Id', 'Idempotency-Key'], additionalExposedHeaders: ['Retry-After', 'Location'] },
      validate: { failAction: validationFailAction, options: { abortEarly: false, stripUnknown: false } },
      response: { failAction: config.nodeEnv === 'test' ? 'error' : 'log', options: { allowUnknown: true } },
      payload: { maxBytes: 1024 * 1024 },
      timeout: { server: false, socket: false },
    },
    load: { sampleInterval: 0 },
  });

  // the relay needs the services (token cache) and the services need the relay (job waits)
  const hub: SocketHub = new SocketHub((token) => services.tokens.authenticate(token), platform.log);
  const relay = new RealtimeRelay(consumerConnection(config.redisUrl, 'web-realtime'), config.queuePrefix, hub, (event) => services.tokens.forget(event), platform.log);
  const services = createServices(platform, relay);
  server.app.platform = platform;
  server.app.services = services;
  server.app.hub = hub;

  await server.register({
    plugin: HapiPino,
    options: {
      instance: platform.log,
      logPayload: false,
      logRequestComplete: config.logLevel === 'debug' || config.logLevel === 'trace',
      ignorePaths: ['/api/health/'],
      redact: ['req.headers.authorization'],
    },
  });
  await server.register([errorsPlugin, trailingSlashPlugin, authPlugin, scopePlugin]);
  await registerOpenApi(server);
  registerNotificationChannel(server, hub);
  server.route(routes);

  await relay.start();
  hub.attach(server.listener);

  server.ext('onPreStop', async () => {
    await hub.close();
  });
  server.ext('onPostStop', async () => {
    await relay.stop();
    await closePlatform(platform);
  });

  await server.initialize();
  return server;
}
