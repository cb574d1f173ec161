// Create the database when missing, migrate, seed reference data. Safe to run on
// every deploy and from several machines at once (knex's migration lock serialises
// them; seeds are upserts).
import { redactUrl } from '../jobs/runtime/config.js';
import { ensureDatabase } from './connectivity.js';
import { createKnex } from './knex.js';
import { seedReferenceData } from './seeds/index.js';

export async function migrateAndSeed(databaseUrl: string, log: (line: string) => void = () => undefined): Promise<void> {
  if (await ensureDatabase(databaseUrl)) log(`created database ${redactUrl(databaseUrl)}`);
  const knex = createKnex(databaseUrl, { min: 0, max: 2 });
  try {
    const [, applied] = await knex.migrate.latest();
    if (applied.length) log(`applied ${applied.length} migration(s)`);
    await seedReferenceData(knex);
  } finally {
    await knex.destroy();
  }
}
