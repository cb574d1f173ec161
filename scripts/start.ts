// `npm start`: the whole platform on local defaults. Checks PostgreSQL and Redis,
// creates and migrates the database, seeds reference data, then runs web + worker
// + kyc together with prefixed logs (the Procfile's process types, one each) under a
// supervisor: a crashed process is restarted with backoff, a crash loop stops all.
import { loadConfig, redactUrl } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { parseCommandLine } from './cli.js';
import { checkRedis } from '../db/connectivity.js';
import { migrateAndSeed } from '../db/migrate.js';
import { supervise } from './supervisor.js';

const USAGE = `
usage: npm start

Compiles, checks PostgreSQL and Redis, creates and migrates the database, then runs
web + worker + kyc together with prefixed logs. A process that crashes is restarted
(after SUPERVISOR_RESTART_DELAY_MS, doubled per further crash); one that crashes
SUPERVISOR_CRASH_LIMIT times within SUPERVISOR_CRASH_WINDOW_MS stops the platform
(exit code 1). Ctrl-C (SIGINT) or SIGTERM stops every process in order.
Configuration is the environment (see README, Configuration).
`;

await runEntry('start', async () => {
  parseCommandLine('start', USAGE, { options: {} });
  const config = loadConfig();
  await checkRedis(config.redisUrl);
  await migrateAndSeed(config.databaseUrl, (line) => console.log(`release: ${line}`));
  console.log(`release: database ${redactUrl(config.databaseUrl)} is up to date`);
  console.log(`\n  API          ${config.publicBaseUrl}/api/`);
  console.log(`  Docs         ${config.publicBaseUrl}/api/docs/   (markdown: ${config.publicBaseUrl}/api/docs/markdown/)`);
  console.log(`  Health       ${config.publicBaseUrl}/api/health/`);
  console.log(`  WebSocket    ${config.publicBaseUrl.replace(/^http/, 'ws')}/ws/notifications/?token=<ACCESS_TOKEN>`);
  console.log(`  KYC service  ${config.kycUrl}/api/v1/kyc/`);
  console.log(`  Mail         ${config.smtpUrl ? redactUrl(config.smtpUrl) : `written as .eml files to ${config.mailOutboxDir}`}`);
  if (config.generatedSecrets.length) console.log(`  Secrets      ${config.generatedSecrets.join(', ')} generated for this install in ${config.secretsFile} (set them in the environment to choose your own)`);
  console.log('');

  const platform = supervise(
    [
      { name: 'web', role: 'web' },
      { name: 'worker', role: 'worker' },
      { name: 'kyc', role: 'kyc' },
    ],
    // the gateway's drain window and in-flight requests, then a margin for the worker's active jobs
    { ...config.supervisor, stopTimeoutMs: config.drainMs + config.shutdownTimeoutMs + 20_000 },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => platform.stop(signal));
  process.exit(await platform.done);
});
