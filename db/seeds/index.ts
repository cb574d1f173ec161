// Reference data every install needs. Each seed is an idempotent upsert so it runs
// on every release; areas add theirs to the list.
import type { Knex } from 'knex';

export type Seed = (knex: Knex) => Promise<void>;

const seeds: Seed[] = [];

export async function seedReferenceData(knex: Knex): Promise<void> {
  for (const seed of seeds) await seed(knex);
}
