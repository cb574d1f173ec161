// The whole product graph (family name, tags with values, variants with their tags and
// images) in one statement: Postgres builds the nested arrays, so a product or a page
// of products costs one round trip instead of one query per table. Used by
// product-graph.ts and, as the bare baseline, by scripts/bench/bare-hapi.ts.

/** Columns of a product row plus `tags` and `variants` as JSON arrays; the caller adds FROM/WHERE. */
export const PRODUCT_GRAPH_COLUMNS = `
  p.id, p.name, p.supplier, p.description, p.category, p.base_unit, p.family_id, f.name AS product_family_name,
  p.team_id, p.created_by, p.created_at, p.updated_at,
  coalesce((SELECT json_agg(json_build_object('id', t.id, 'label', t.label, 'values',
      coalesce((SELECT json_agg(json_build_object('id', tv.id, 'value', tv.value) ORDER BY tv.position, tv.id)
                  FROM product_tag_values tv WHERE tv.tag_id = t.id), '[]'::json)) ORDER BY t.position, t.id)
     FROM product_tags t WHERE t.product_id = p.id), '[]'::json) AS tags,
  coalesce((SELECT json_agg(json_build_object('id', v.id, 'name', v.name, 'sku', v.sku, 'barcode', v.barcode, 'position', v.position,
      'tags', coalesce((SELECT json_agg(json_build_object('id', vt.id, 'label', vt.label, 'value', vt.value) ORDER BY vt.position, vt.id)
                          FROM variant_tags vt WHERE vt.variant_id = v.id), '[]'::json),
      'images', coalesce((SELECT json_agg(json_build_object('id', i.id, 'variant_id', i.variant_id, 'product_id', i.product_id, 'path', i.path,
                            'alt_text', i.alt_text, 'is_primary', i.is_primary, 'content_type', i.content_type, 'size', i.size, 'width', i.width,
                            'height', i.height, 'position', i.position, 'created_at', i.created_at, 'updated_at', i.updated_at)
                            ORDER BY i.is_primary DESC, i.position, i.id)
                          FROM product_images i WHERE i.variant_id = v.id), '[]'::json)) ORDER BY v.position, v.id)
     FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants`;

/** FROM clause matching PRODUCT_GRAPH_COLUMNS. */
export const PRODUCT_GRAPH_FROM = 'products p LEFT JOIN product_families f ON f.id = p.family_id';
