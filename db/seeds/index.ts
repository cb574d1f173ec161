// Reference data every install needs. Each seed is an idempotent upsert so it runs
// on every release; areas add theirs to the list.
import type { Knex } from 'knex';
import { seedInventoryDefaults } from './inventory-defaults.js';
import { seedSupportDefaults } from './support-defaults.js';
import { seedFaqArticles } from './faq-articles.js';
import { seedBillingPlans } from './billing-plans.js';

export type Seed = (knex: Knex) => Promise<void>;

// FAQ articles after the help categories they belong to
const seeds: Seed[] = [seedInventoryDefaults, seedSupportDefaults, seedFaqArticles, seedBillingPlans];

export async function seedReferenceData(knex: Knex): Promise<void> {
  for (const seed of seeds) await seed(knex);
}
