// Reads products in their full shape (family, tags with values, variants with tags
// and images) in one statement however many products are asked for: Postgres nests
// the rows as JSON (product-graph-sql.ts), so no model is hydrated on this hot read.
import { inScope, type Db } from '../shared/scoped-rows.js';
import type { Scope } from '../shared/scope.js';
import { PRODUCT_GRAPH_COLUMNS, PRODUCT_GRAPH_FROM } from './product-graph-sql.js';

export interface TagOut {
  id: number;
  label: string;
  values: { id: number; value: string }[];
}

export interface ImageOut {
  id: number;
  variant_id: number;
  product_id: number;
  image_url: string;
  alt_text: string;
  is_primary: boolean;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface VariantOut {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  tags: { id: number; label: string; value: string }[];
  images: ImageOut[];
  position: number;
}

export interface ProductOut {
  id: number;
  name: string;
  /** the write name of `name` (catalog write shape), repeated for clients that read what they wrote */
  product_name: string;
  supplier: string;
  description: string;
  category: string;
  base_unit: string;
  family_id: number | null;
  product_family_name: string | null;
  tags: TagOut[];
  variants: VariantOut[];
  primary_image_url: string | null;
  profile_type: 'self' | 'team';
  team_id: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type MediaUrl = (relative: string) => string | null;

export function imageOut(row: Record<string, any>, url: MediaUrl): ImageOut {
  return {
    id: row.id,
    variant_id: row.variant_id,
    product_id: row.product_id,
    image_url: url(row.path) ?? '',
    alt_text: row.alt_text,
    is_primary: row.is_primary,
    content_type: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    position: row.position,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at ?? row.created_at),
  };
}

/**
 * Full product shapes for `ids`, in the order given (missing ids are skipped), in one
 * statement (product-graph-sql.ts); with `scope`, ids outside it are skipped too.
 */
export async function loadProducts(db: Db, ids: number[], url: MediaUrl, scope?: Scope): Promise<ProductOut[]> {
  if (ids.length === 0) return [];
  const q = db.select(db.raw(PRODUCT_GRAPH_COLUMNS)).from(db.raw(PRODUCT_GRAPH_FROM)).whereIn('p.id', ids);
  if (scope) inScope(q, scope, { table: 'p' });
  const rows = (await q) as GraphRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => productOut(byId.get(id)!, url));
}

/** A row of PRODUCT_GRAPH_COLUMNS. */
export type GraphRow = Pick<ProductOut, 'id' | 'name' | 'supplier' | 'description' | 'category' | 'base_unit' | 'family_id' | 'product_family_name' | 'team_id' | 'created_by' | 'tags'> & {
  created_at: Date;
  updated_at: Date;
  variants: (Omit<VariantOut, 'images'> & { images: Record<string, any>[] })[];
};

export function productOut(p: GraphRow, url: MediaUrl): ProductOut {
  const variantsOut: VariantOut[] = p.variants.map((v) => ({
    id: v.id,
    name: v.name,
    sku: v.sku,
    barcode: v.barcode,
    position: v.position,
    tags: v.tags,
    images: v.images.map((i) => imageOut(i, url)),
  }));
  const images = variantsOut.flatMap((v) => v.images);
  const primary = images.find((i) => i.is_primary) ?? images[0];
  return {
    id: p.id,
    name: p.name,
    product_name: p.name,
    supplier: p.supplier,
    description: p.description,
    category: p.category,
    base_unit: p.base_unit,
    family_id: p.family_id,
    product_family_name: p.product_family_name ?? null,
    tags: p.tags,
    variants: variantsOut,
    primary_image_url: primary?.image_url ?? null,
    profile_type: p.team_id != null ? 'team' : 'self',
    team_id: p.team_id ?? null,
    created_by: p.created_by,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
}

export const iso = (v: unknown) => new Date(v as string).toISOString();
