// Entry of the `release` process type (Procfile): migrations and reference data.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { migrateAndSeed } from './migrate.js';

await runEntry('release', async () => {
  const config = loadConfig();
  await migrateAndSeed(config.databaseUrl, (l) => console.log(`release: ${l}`));
  console.log('release: database is up to date');
});
