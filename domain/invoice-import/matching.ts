// Invoice lines -> the scope's products: by barcode (any GTIN spelling), then by SKU,
// then by name similarity (pg_trgm, the products_name_trgm index). A fixed number of
// queries whatever the number of lines.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import type { ProductMatch } from './shapes.js';
import { checkGtin, equivalentCodes } from '../catalog/gtin.js';

export interface MatchInput {
  description: string | null;
  sku: string | null;
  barcode: string | null;
}

/** Candidates below this trigram similarity are not shown at all. */
export const NAME_MATCH_FLOOR = 0.45;
/** At or above this, a name match is trusted without review. */
export const NAME_MATCH_SURE = 0.75;

/** `alias.owner_id/team_id` restricted to the scope, as raw SQL with bindings. */
function scopeSql(alias: string, scope: Scope): [string, Knex.Value[]] {
  return scope.type === 'team' ? [`${alias}.team_id = ?`, [scope.teamId as number]] : [`${alias}.owner_id = ? AND ${alias}.team_id IS NULL`, [scope.userId]];
}

export async function matchProducts(db: Knex | Knex.Transaction, scope: Scope, lines: MatchInput[]): Promise<(ProductMatch | null)[]> {
  const out: (ProductMatch | null)[] = lines.map(() => null);
  // each step fills only the lines the steps before it left unmatched
  await matchByBarcode(db, scope, lines, out);
  await matchBySku(db, scope, lines, out);
  await matchByName(db, scope, lines, out);
  return out;
}

/** 1. barcodes: every spelling of the same GTIN (EAN-13 vs UPC-A vs GTIN-14) */
async function matchByBarcode(db: Knex | Knex.Transaction, scope: Scope, lines: MatchInput[], out: (ProductMatch | null)[]): Promise<void> {
  const [where, binds] = scopeSql('p', scope);
  const codesByLine = lines.map((l) => {
    const g = l.barcode ? checkGtin(l.barcode) : null;
    return g?.ok ? equivalentCodes(g.gtin) : l.barcode ? [l.barcode] : [];
  });
  const allCodes = [...new Set(codesByLine.flat())];
  if (allCodes.length) {
    const rows = await db.raw(
      `SELECT DISTINCT ON (v.barcode) v.barcode, p.id, p.name FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE v.barcode = ANY(?::text[]) AND ${where} ORDER BY v.barcode, p.id`,
      [allCodes, ...binds],
    );
    const byCode = new Map<string, { id: number; name: string }>(rows.rows.map((r: { barcode: string; id: number; name: string }) => [r.barcode, r]));
    codesByLine.forEach((codes, i) => {
      const hit = codes.map((c) => byCode.get(c)).find(Boolean);
      if (hit) out[i] = { product_id: hit.id, product_name: hit.name, method: 'barcode', score: 1 };
    });
  }
}

/** 2. SKUs (case-insensitive; unique per scope) */
async function matchBySku(db: Knex | Knex.Transaction, scope: Scope, lines: MatchInput[], out: (ProductMatch | null)[]): Promise<void> {
  const [where, binds] = scopeSql('p', scope);
  const skus = [...new Set(lines.filter((l, i) => !out[i] && l.sku).map((l) => l.sku!.toLowerCase()))];
  if (skus.length) {
    const rows = await db.raw(
      `SELECT DISTINCT ON (lower(v.sku)) lower(v.sku) AS sku, p.id, p.name FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE lower(v.sku) = ANY(?::text[]) AND v.sku <> '' AND ${where} ORDER BY lower(v.sku), p.id`,
      [skus, ...binds],
    );
    const bySku = new Map<string, { id: number; name: string }>(rows.rows.map((r: { sku: string; id: number; name: string }) => [r.sku, r]));
    lines.forEach((l, i) => {
      const hit = !out[i] && l.sku ? bySku.get(l.sku.toLowerCase()) : undefined;
      if (hit) out[i] = { product_id: hit.id, product_name: hit.name, method: 'sku', score: 1 };
    });
  }
}

/** 3. names: the most similar product per distinct description */
async function matchByName(db: Knex | Knex.Transaction, scope: Scope, lines: MatchInput[], out: (ProductMatch | null)[]): Promise<void> {
  const [where, binds] = scopeSql('p', scope);
  const names = [...new Set(lines.filter((l, i) => !out[i] && l.description).map((l) => l.description!.toLowerCase().slice(0, 255)))];
  if (names.length) {
    const rows = await db.raw(
      `SELECT d.q, m.id, m.name, m.score FROM unnest(?::text[]) AS d(q)
       CROSS JOIN LATERAL (
         SELECT p.id, p.name, similarity(lower(p.name), d.q) AS score FROM products p
         WHERE ${where} AND lower(p.name) % d.q
         ORDER BY score DESC, p.id LIMIT 1
       ) m WHERE m.score >= ?`,
      [names, ...binds, NAME_MATCH_FLOOR],
    );
    const byName = new Map<string, { id: number; name: string; score: number }>(rows.rows.map((r: { q: string; id: number; name: string; score: number }) => [r.q, r]));
    lines.forEach((l, i) => {
      const hit = !out[i] && l.description ? byName.get(l.description.toLowerCase().slice(0, 255)) : undefined;
      if (hit) out[i] = { product_id: hit.id, product_name: hit.name, method: 'name', score: Math.round(Number(hit.score) * 100) / 100 };
    });
  }
}
