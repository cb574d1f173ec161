// Entry of the `web` process type: check dependencies, compose, listen; on SIGTERM
// stop accepting, drain in-flight requests, close sockets and connections.
import { loadConfig, redactUrl } from '../jobs/runtime/config.js';
import { runEntry, stopOnSignals } from '../jobs/runtime/entry.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { compose } from './server.js';
import { drain } from './plugins/drain.js';
import { warmGatewayOpenApi } from './plugins/openapi.js';

const USAGE = `usage: npm run web (node dist/gateway/index.js)\n\nThe HTTP and WebSocket gateway on HOST:PORT. Checks PostgreSQL and Redis, then listens; SIGTERM answers 503 for DRAIN_MS, then drains. Configured by environment variables (see docs/configuration.md).`;

await runEntry('web', async () => {
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  const server = await compose(config);
  await warmGatewayOpenApi(server);
  await server.start();
  const log = server.app.platform.log;
  log.info(`gateway listening on ${config.publicBaseUrl} (database ${redactUrl(config.databaseUrl)}, redis ${redactUrl(config.redisUrl)})`);

  stopOnSignals(async (signal) => {
    // 503 to new requests for the drain window, so load balancers stop sending any
    log.info(`${signal}: draining requests (503 to new ones for ${config.drainMs} ms, then up to ${config.shutdownTimeoutMs} ms for those in flight)`);
    await drain(server, config.drainMs);
    await server.stop({ timeout: config.shutdownTimeoutMs });
    log.info('gateway stopped');
  });
}, USAGE);
