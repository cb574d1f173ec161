// The subscription plans every install starts with: a free plan and two paid tiers
// (EUR, minor units; yearly is ten months' price). Inserted once by code: after that
// staff own them through /api/subscription-plans/, so a release never overwrites
// their edits (ON CONFLICT DO NOTHING).
import type { Knex } from 'knex';

export const DEFAULT_PLANS = [
  { code: 'free', name: 'Free', description: 'One inventory for one person.', monthly_price: 0, yearly_price: 0, max_inventories: 1, max_team_members: 1, invoice_imports_per_month: 5, ocr_pages_per_month: 20, trial_days: 0 },
  { code: 'pro', name: 'Pro', description: 'Several inventories, a small team, regular invoice imports.', monthly_price: 1200, yearly_price: 12000, max_inventories: 10, max_team_members: 5, invoice_imports_per_month: 200, ocr_pages_per_month: 1000, trial_days: 14 },
  { code: 'business', name: 'Business', description: 'Unlimited inventories and imports for larger teams.', monthly_price: 4900, yearly_price: 49000, max_inventories: null, max_team_members: 50, invoice_imports_per_month: null, ocr_pages_per_month: 10000, trial_days: 14 },
];

export async function seedBillingPlans(knex: Knex): Promise<void> {
  await knex('subscription_plans')
    .insert(DEFAULT_PLANS.map((p, i) => ({ ...p, currency: 'EUR', sort_order: (i + 1) * 10 })))
    .onConflict('code')
    .ignore();
}
