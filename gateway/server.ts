// compose(): an initialized (not listening) server with its platform, services and
// realtime hub. Tests call server.inject() on it; only index.ts listens.
import Hapi, { type Server, type Request } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import type { Config } from '../jobs/runtime/config.js';
import './types.js';
import { createServices } from '../domain/index.js';
import { createPlatform, closePlatform } from '../db/platform.js';
import { errorsPlugin, responseFailAction, validationFailAction } from './http/errors.js';
import { authPlugin } from './plugins/auth.js';
import { scopePlugin } from './plugins/scope.js';
import { kycGatePlugin } from './plugins/kyc-gate.js';
import { trailingSlashPlugin } from './plugins/trailing-slash.js';
import { inputGuardPlugin } from './http/input-guard.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerNotificationChannel } from './plugins/realtime.js';
import { registerSupportChatChannel } from './realtime/support-chat-channel.js';
import { SocketHub } from './realtime/socket-hub.js';
import { upgradeBudget } from './realtime/socket-limits.js';
import { RealtimeRelay } from './realtime/realtime-relay.js';
import { consumerConnection, whenReady } from '../jobs/redis.js';
import { areas, openApiTagsOfAreas } from './routes/index.js';
import { accessLogPlugin, requestIdOf, requestIdPlugin } from './plugins/request-log.js';
import { metricsPlugin } from './plugins/metrics.js';
import { drainPlugin } from './plugins/drain.js';
import { queueDashboardPlugin } from './plugins/queue-dashboard.js';
import { registerAdminApp } from './plugins/admin-app.js';
import { browsableApiPlugin } from './plugins/browsable-api.js';

// Outside tests, response schemas are checked on a sample of answers (a mismatch is
// logged): checking every answer cost about a sixth of the gateway's throughput.
const RESPONSE_CHECK_PERCENT = 5;

export async function compose(config: Config): Promise<Server> {
  const platform = createPlatform(config, 'web');
  const server = hapiServer(config);

  // the relay needs the services (token cache) and the services need the relay (job waits)
  const hub: SocketHub = new SocketHub((token) => services.tokens.authenticate(token), platform.log, config.socketLimits, (req) => admitUpgrade(req));
  const relay = new RealtimeRelay(consumerConnection(config.redisUrl, 'web-realtime'), config.queuePrefix, hub, (event) => services.tokens.forget(event), platform.log);
  const services = createServices(platform, relay);
  const admitUpgrade = upgradeBudget(services.limits, config.wsUpgradesPerMinute, config.trustProxyHops);
  server.app.platform = platform;
  server.app.services = services;
  server.app.hub = hub;

  await registerPlugins(server, config);
  registerNotificationChannel(server, hub);
  registerSupportChatChannel(server, hub);
  for (const area of areas) server.route(area.routes);

  await relay.start();
  // the producer connection does not queue commands, so the first health check or
  // enqueue right after start-up would fail while it is still connecting
  await whenReady(platform.redis);
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

/** The hapi server with the defaults every route starts from. */
function hapiServer(config: Config): Server {
  return Hapi.server({
    port: config.port,
    host: config.host,
    router: { isCaseSensitive: true },
    routes: {
      // only the origins named in CORS_ORIGINS (none by default: no cross-origin browser access)
      cors: config.corsOrigins.length ? { origin: config.corsOrigins, additionalHeaders: ['X-Profile-Type', 'X-Team-Id', 'Idempotency-Key'], additionalExposedHeaders: ['Retry-After', 'Location'] } : false,
      // API answers carry tokens and personal data: never kept by a browser or a proxy
      // (public media and documentation assets set their own caching)
      cache: { otherwise: 'no-store' },
      validate: { failAction: validationFailAction, options: { abortEarly: false, stripUnknown: false } },
      response: { failAction: responseFailAction(config.nodeEnv === 'test'), sample: config.nodeEnv === 'test' ? 100 : RESPONSE_CHECK_PERCENT, options: { allowUnknown: true } },
      payload: { maxBytes: 1024 * 1024 },
      timeout: { server: false, socket: false },
    },
    load: { sampleInterval: 0 },
  });
}

/** Request logging, then the request pipeline (errors, headers, input guard, the browsable API's HTML, auth, scope, KYC gate) and the OpenAPI document. */
async function registerPlugins(server: Server, config: Config): Promise<void> {
  const logEveryRequest = config.logLevel === 'debug' || config.logLevel === 'trace';
  // before hapi-pino: its per-request logger binds the request id
  await server.register([requestIdPlugin, drainPlugin]);
  await server.register({
    plugin: HapiPino,
    options: {
      instance: server.app.platform.log,
      logPayload: false,
      // the access log (plugins/request-log.ts) writes one short line per request; debug adds hapi-pino's full one
      logRequestComplete: logEveryRequest,
      // the per-request child logger serializes its bindings at once: the whole request
      // only when every request is logged, otherwise the few facts an error line needs
      getChildBindings: logEveryRequest
        ? (request: Request) => ({ req: request, request_id: requestIdOf(request) })
        : (request: Request) => ({ request_id: requestIdOf(request), method: request.method, path: request.path }),
      ignorePaths: ['/api/health/'],
      // a client that drops its connection (ECONNRESET) is not a server error (the
      // option's typing says object[]; the plugin reads { log, request })
      ignoredEventTags: { log: ['client'] } as never,
      redact: ['req.headers.authorization'],
    },
  });
  await server.register([{ plugin: accessLogPlugin, options: { log: server.app.platform.log } }, { plugin: metricsPlugin, options: { token: config.metricsToken } }]);
  await server.register([errorsPlugin, securityHeadersPlugin, inputGuardPlugin, trailingSlashPlugin, browsableApiPlugin, authPlugin, scopePlugin, kycGatePlugin]);
  await registerOpenApi(server, openApiTagsOfAreas(areas));
  // the admin app's session strategy also opens the queue dashboard
  await registerAdminApp(server, config);
  await server.register(queueDashboardPlugin);
}
