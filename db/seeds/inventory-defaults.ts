// Default inventory icons (emoji) and inventory types, shared by every user as
// read-only system rows. Upserted by name, so re-running changes nothing and a
// renamed emoji is updated in place.
import type { Knex } from 'knex';

export const DEFAULT_ICONS: [name: string, emoji: string][] = [
  ['Box', '📦'], ['Home', '🏠'], ['Kitchen', '🍳'], ['Pantry', '🥫'], ['Fridge', '🧊'], ['Freezer', '❄️'],
  ['Garage', '🚗'], ['Workshop', '🛠️'], ['Tools', '🔧'], ['Office', '🏢'], ['Stationery', '✏️'], ['Electronics', '🔌'],
  ['Computer', '💻'], ['Books', '📚'], ['Clothing', '👕'], ['Medicine', '💊'], ['First aid', '🩹'], ['Cleaning', '🧽'],
  ['Garden', '🌱'], ['Wine', '🍷'], ['Toys', '🧸'], ['Sports', '⚽'], ['Warehouse', '🏭'], ['Shop', '🏪'],
  ['Laboratory', '🧪'], ['Archive', '🗄️'], ['Pets', '🐾'], ['Crafts', '🧵'],
];

export const DEFAULT_TYPES: [name: string, description: string, icon: string][] = [
  ['Household', 'Everyday household goods', 'Home'],
  ['Pantry', 'Food and drink with expiry dates', 'Pantry'],
  ['Fridge & freezer', 'Chilled and frozen food', 'Fridge'],
  ['Workshop', 'Tools, spare parts and consumables', 'Workshop'],
  ['Office', 'Office supplies and equipment', 'Office'],
  ['Electronics', 'Devices, cables and components', 'Electronics'],
  ['Medicine cabinet', 'Medicines and first-aid supplies', 'Medicine'],
  ['Garage', 'Vehicle parts, fluids and equipment', 'Garage'],
  ['Garden', 'Seeds, soil, fertiliser and tools', 'Garden'],
  ['Wine cellar', 'Wine and spirits', 'Wine'],
  ['Library', 'Books and media', 'Books'],
  ['Warehouse', 'Stock for sale or distribution', 'Warehouse'],
  ['Retail store', 'Shop floor and back-room stock', 'Shop'],
  ['Laboratory', 'Chemicals, samples and lab supplies', 'Laboratory'],
  ['Other', 'Anything else', 'Box'],
];

export async function seedInventoryDefaults(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(
      `INSERT INTO inventory_icons (name, value, is_system)
       SELECT n, v, true FROM unnest(?::text[], ?::text[]) AS d(n, v)
       ON CONFLICT (lower(name)) WHERE is_system DO UPDATE SET value = EXCLUDED.value, updated_at = now()
         WHERE inventory_icons.value IS DISTINCT FROM EXCLUDED.value`,
      [DEFAULT_ICONS.map((i) => i[0]), DEFAULT_ICONS.map((i) => i[1])],
    );
    await trx.raw(
      `INSERT INTO inventory_types (name, description, icon_id, is_system)
       SELECT d.n, d.descr, ic.id, true
         FROM unnest(?::text[], ?::text[], ?::text[]) AS d(n, descr, icon)
         LEFT JOIN inventory_icons ic ON ic.is_system AND lower(ic.name) = lower(d.icon)
       ON CONFLICT (lower(name)) WHERE is_system DO UPDATE SET description = EXCLUDED.description, icon_id = EXCLUDED.icon_id, updated_at = now()
         WHERE (inventory_types.description, inventory_types.icon_id) IS DISTINCT FROM (EXCLUDED.description, EXCLUDED.icon_id)`,
      [DEFAULT_TYPES.map((t) => t[0]), DEFAULT_TYPES.map((t) => t[1]), DEFAULT_TYPES.map((t) => t[2])],
    );
  });
}
