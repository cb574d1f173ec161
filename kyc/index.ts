// Entry of the `kyc` process type: the identity-verification microservice. Checks its
// dependencies, composes, ensures the configured project, listens; SIGTERM drains.
import { loadConfig, redactUrl } from '../jobs/runtime/config.js';
import { runEntry, stopOnSignals } from '../jobs/runtime/entry.js';
import { checkPostgres, checkRedis } from '../db/connectivity.js';
import { INTERFACE_VERSION } from '../jobs/kyc-contract.js';
import { compose } from './server.js';
import { warmKycOpenApi } from './openapi.js';

const USAGE = `usage: npm run kyc (node dist/kyc/index.js)\n\nThe identity-verification microservice on KYC_HOST:KYC_PORT. Configured by environment variables (see docs/configuration.md).`;

await runEntry('kyc', async () => {
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  const server = await compose(config);
  await warmKycOpenApi(server);
  await server.start();
  const engine = config.kyc.engine === 'inhouse' ? 'inhouse' : `external (${config.kyc.providerName})`;
  console.log(`kyc: listening on ${server.info.uri} (interface ${INTERFACE_VERSION}, engine ${engine}, project ${config.kyc.projectSlug}, database ${redactUrl(config.databaseUrl)})`);
  stopOnSignals(async (signal) => {
    console.log(`kyc: ${signal}, draining requests`);
    await server.stop({ timeout: config.shutdownTimeoutMs });
  });
}, USAGE);
