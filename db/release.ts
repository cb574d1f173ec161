// Entry of the `release` process type (Procfile): migrations and reference data.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { migrateAndSeed } from './migrate.js';

const USAGE = `usage: npm run release (node dist/db/release.js)\n\nCreates the database if missing, runs the migrations and the reference-data seeds; idempotent, run on every deploy. Configured by environment variables (DATABASE_URL…; see docs/configuration.md).`;

await runEntry('release', async () => {
  const config = loadConfig();
  await migrateAndSeed(config.databaseUrl, (l) => console.log(`release: ${l}`));
  console.log('release: database is up to date');
}, USAGE);
