// Reads products in their full shape (family, tags with values, variants with tags
// and images) in a fixed number of queries however many products are asked for:
// one per table, keyed by the ids of the level above.
import type { Db } from '../shared/scoped-rows.js';
import { Product, ProductImage, ProductTag, ProductTagValue, ProductVariant, VariantTag } from '../../db/models/index.js';

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

/** Full product shapes for `ids`, in the order given (missing ids are skipped). */
export async function loadProducts(db: Db, ids: number[], url: MediaUrl): Promise<ProductOut[]> {
  if (ids.length === 0) return [];
  const { byId, valuesByTag, tagsByProduct, vtagsByVariant, imagesByVariant, variantsByProduct } = await productRows(db, ids);
  return ids.filter((id) => byId.has(id)).map((id) => {
    const p = byId.get(id)!;
    const variantsOut: VariantOut[] = (variantsByProduct.get(id) ?? []).map((v) => ({
      id: v.id,
      name: v.name,
      sku: v.sku,
      barcode: v.barcode,
      position: v.position,
      tags: (vtagsByVariant.get(v.id) ?? []).map((t) => ({ id: t.id, label: t.label, value: t.value })),
      images: (imagesByVariant.get(v.id) ?? []).map((i) => imageOut(i, url)),
    }));
    const primary = variantsOut.flatMap((v) => v.images).find((i) => i.is_primary) ?? variantsOut.flatMap((v) => v.images)[0];
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
      tags: (tagsByProduct.get(id) ?? []).map((t) => ({ id: t.id, label: t.label, values: (valuesByTag.get(t.id) ?? []).map((v) => ({ id: v.id, value: v.value })) })),
      variants: variantsOut,
      primary_image_url: primary?.image_url ?? null,
      profile_type: p.team_id != null ? 'team' : 'self',
      team_id: p.team_id ?? null,
      created_by: p.created_by,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
    };
  });
}

/** The rows of the products' graph (products, tags and values, variants with their tags and images), grouped by parent. */
async function productRows(db: Db, ids: number[]) {
  const [products, tags, variants] = await Promise.all([
    Product.query(db).alias('p')
      .leftJoin('product_families as f', 'f.id', 'p.family_id')
      .whereIn('p.id', ids)
      .select('p.*', 'f.name as product_family_name'),
    ProductTag.query(db).whereIn('product_id', ids).orderBy(['position', 'id']),
    ProductVariant.query(db).whereIn('product_id', ids).orderBy(['position', 'id']),
  ]);
  const tagIds = tags.map((t) => t.id);
  const variantIds = variants.map((v) => v.id);
  const [tagValues, variantTags, images] = await Promise.all([
    tagIds.length ? ProductTagValue.query(db).whereIn('tag_id', tagIds).orderBy(['position', 'id']) : [],
    variantIds.length ? VariantTag.query(db).whereIn('variant_id', variantIds).orderBy(['position', 'id']) : [],
    variantIds.length ? ProductImage.query(db).whereIn('variant_id', variantIds).orderBy([{ column: 'is_primary', order: 'desc' }, 'position', 'id']) : [],
  ]);

  const valuesByTag = groupBy(tagValues, 'tag_id');
  const tagsByProduct = groupBy(tags, 'product_id');
  const vtagsByVariant = groupBy(variantTags, 'variant_id');
  const imagesByVariant = groupBy(images, 'variant_id');
  const variantsByProduct = groupBy(variants, 'product_id');
  const byId = new Map(products.map((p) => [p.id, p as Product & { product_family_name?: string | null }]));
  return { byId, valuesByTag, tagsByProduct, vtagsByVariant, imagesByVariant, variantsByProduct };
}

function groupBy<T extends Record<string, any>>(rows: T[], key: string): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = r[key] as number;
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

export const iso = (v: unknown) => new Date(v as string).toISOString();
