// The set-based statements of a bulk store (apply-session.ts decides, these only
// read and write): thousands of products and variants in a fixed number of
// statements, so a 10,000-line invoice costs a handful of round trips. Plain knex on
// purpose: no model instance per row.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';

const CHUNK = 2000;

/** The scope's products whose lower-cased name is in `keys` (the oldest per name), by that key. */
export async function productsByName(trx: Knex.Transaction, scope: Scope, keys: string[]): Promise<Map<string, { id: number; name: string }>> {
  const where = scope.type === 'team' ? { sql: 'team_id = ?', binds: [scope.teamId] } : { sql: 'owner_id = ? AND team_id IS NULL', binds: [scope.userId] };
  const existing = await trx.raw(`SELECT DISTINCT ON (lower(name)) lower(name) AS key, id, name FROM products WHERE ${where.sql} AND lower(name) = ANY(?::text[]) ORDER BY lower(name), id`, [...where.binds, keys]);
  return new Map<string, { id: number; name: string }>(existing.rows.map((r: { key: string; id: number; name: string }) => [r.key, r]));
}

/** Inserts products in chunks; returns their ids and names. */
export async function insertProducts(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<{ id: number; name: string }[]> {
  const out: { id: number; name: string }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await trx('products').insert(rows.slice(i, i + CHUNK)).returning(['id', 'name'])));
  return out;
}

/** Which of these lower-cased SKUs a variant of the scope already holds. */
export async function takenSkus(trx: Knex.Transaction, scope: Scope, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const rows = (await trx('product_variants')
    .whereRaw('lower(sku) = ANY(?::text[])', [skus])
    .where(scope.type === 'team' ? { team_id: scope.teamId } : { owner_id: scope.userId })
    .select(trx.raw('lower(sku) AS sku'))) as { sku: string }[];
  return new Set(rows.map((r) => r.sku));
}

export async function insertVariants(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await trx('product_variants').insert(rows.slice(i, i + CHUNK));
}
