// `npm start`: the whole platform on local defaults. Checks PostgreSQL and Redis,
// creates and migrates the database, seeds reference data, then runs web + worker
// + kyc together with prefixed logs (the Procfile's process types, one each).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';
import { loadConfig, redactUrl } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { parseCommandLine } from './cli.js';
import { checkRedis } from '../db/connectivity.js';
import { migrateAndSeed } from '../db/migrate.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `
usage: npm start

Compiles, checks PostgreSQL and Redis, creates and migrates the database, then runs
web + worker + kyc together with prefixed logs. Configuration is the environment
(see README, Configuration).
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

  const node = process.execPath;
  const { result } = concurrently(
    [
      { command: `${node} ${path.join(dist, 'gateway/index.js')}`, name: 'web', prefixColor: 'cyan' },
      { command: `${node} ${path.join(dist, 'workers/index.js')}`, name: 'worker', prefixColor: 'magenta' },
      { command: `${node} ${path.join(dist, 'kyc/index.js')}`, name: 'kyc', prefixColor: 'yellow' },
    ],
    { prefix: '{name} |', killOthersOn: ['failure'], restartTries: 0 } as never,
  );
  await result.then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
