// Entry of the `release` process type (Procfile): migrations and reference data.
import { loadConfig } from '../gateway/config/env.js';
import { runEntry } from '../gateway/config/entry.js';
import { migrateAndSeed } from './migrate.js';

await runEntry('release', async () => {
  const config = loadConfig();
  await migrateAndSeed(config.databaseUrl, (l) => console.log(`release: ${l}`));
  console.log('release: database is up to date');
});
