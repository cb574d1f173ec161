// Entry of the `kyc` process type: the identity-verification microservice.
// Until its issue lands it is a stub that starts and answers its health check.
import Hapi from '@hapi/hapi';
import { loadConfig } from '../gateway/config/env.js';
import { runEntry } from '../gateway/config/entry.js';

await runEntry('kyc', async () => {
  const config = loadConfig();
  const server = Hapi.server({ port: config.kycPort, host: config.host });
  server.route({ method: 'GET', path: '/health', handler: () => ({ status: 'ok', service: 'kyc', interface_version: '2.0.0' }) });
  server.route({ method: 'GET', path: '/api/v1/kyc/health/', handler: () => ({ status: 'ok', service: 'kyc', interface_version: '2.0.0' }) });
  await server.start();
  console.log(`kyc: listening on ${config.kycUrl}`);
  process.on('SIGTERM', async () => {
    await server.stop({ timeout: 5000 });
    process.exit(0);
  });
});
