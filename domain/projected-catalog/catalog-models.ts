// What the projected catalog API lets a client select: the read shapes of products
// (with their family, tags with values, variants with tags and images), product
// families and discovered records, declared once. The compiler reads these to check
// a query and to build its SQL; the route docs and the OpenAPI response shapes are
// generated from them, so the documented fields are exactly the projectable ones.
import { Product, ProductFamily, ProductImage, ProductTag, ProductTagValue, ProductVariant, VariantTag } from '../../db/models/index.js';
import type { ProjectionField, ProjectionModel, RelationField, ScalarField, ScalarType, Sql } from './projection-compiler.js';

const sql = (text: string, bindings: unknown[] = []): Sql => ({ text, bindings });

function column(name: string, type: ScalarType, opts: { nullable?: boolean; description?: string } = {}): ScalarField {
  return { kind: 'scalar', type, ...opts, sql: (a) => sql(`${a}.${name}`) };
}

function computed(type: ScalarType, expr: (alias: string) => string, opts: { nullable?: boolean; description?: string } = {}): ScalarField {
  return { kind: 'scalar', type, ...opts, sql: (a) => sql(expr(a)) };
}

/** ISO 8601 in UTC with milliseconds, as every other read shape of the platform writes timestamps. */
const timestamp = (name: string, description?: string): ScalarField => computed('datetime', (a) => `to_char(${a}.${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, { description });

/** An absolute URL of a stored media path. */
function mediaUrl(name: string, description: string): ScalarField {
  return { kind: 'scalar', type: 'url', description, sql: (a, ctx) => sql(`(?::text || ${a}.${name})`, [ctx.mediaBase]) };
}

const scopeFields = (): Record<string, ProjectionField> => ({
  profile_type: computed('string', (a) => `CASE WHEN ${a}.team_id IS NOT NULL THEN 'team' ELSE 'self' END`, { description: 'self or team: the scope the row belongs to' }),
  team_id: column('team_id', 'integer', { nullable: true }),
  created_by: column('created_by', 'string', { nullable: true, description: 'user id of the creator' }),
  created_at: timestamp('created_at'),
  updated_at: timestamp('updated_at'),
});

function many(model: () => ProjectionModel, table: string, foreignKey: string, description: string): RelationField {
  return {
    kind: 'relation',
    many: true,
    model,
    description,
    source: (child, parent) => ({ from: `${table} AS ${child}`, where: `${child}.${foreignKey} = ${parent}.id`, orderBy: `${child}.position, ${child}.id` }),
  };
}

export const tagValueModel: ProjectionModel = {
  name: 'tag value',
  label: 'RestqlTagValue',
  fields: {
    id: column('id', 'integer'),
    value: column('value', 'string'),
  },
};

export const productTagModel: ProjectionModel = {
  name: 'product tag',
  label: 'RestqlProductTag',
  fields: {
    id: column('id', 'integer'),
    label: column('label', 'string'),
    position: column('position', 'integer'),
    values: many(() => tagValueModel, ProductTagValue.tableName, 'tag_id', 'the tag\'s values, in order'),
  },
};

export const variantTagModel: ProjectionModel = {
  name: 'variant tag',
  label: 'RestqlVariantTag',
  fields: {
    id: column('id', 'integer'),
    label: column('label', 'string'),
    value: column('value', 'string'),
    position: column('position', 'integer'),
  },
};

export const variantImageModel: ProjectionModel = {
  name: 'variant image',
  label: 'RestqlVariantImage',
  fields: {
    id: column('id', 'integer'),
    image: mediaUrl('path', 'absolute URL of the image file'),
    image_url: mediaUrl('path', 'same as image (the name /api/product-images/ uses)'),
    alt_text: column('alt_text', 'string'),
    is_primary: column('is_primary', 'boolean', { description: 'one image per variant is primary' }),
    position: column('position', 'integer'),
    content_type: column('content_type', 'string'),
    size: column('size', 'integer', { description: 'bytes' }),
    width: column('width', 'integer', { nullable: true }),
    height: column('height', 'integer', { nullable: true }),
    variant_id: column('variant_id', 'integer'),
    product_id: column('product_id', 'integer'),
    created_at: timestamp('created_at'),
    updated_at: timestamp('updated_at'),
  },
};

export const variantModel: ProjectionModel = {
  name: 'variant',
  label: 'RestqlVariant',
  fields: {
    id: column('id', 'integer'),
    name: column('name', 'string'),
    sku: column('sku', 'string', { description: 'unique per scope (case-insensitive)' }),
    barcode: column('barcode', 'string', { description: 'GTIN digits, or empty' }),
    position: column('position', 'integer'),
    tags: many(() => variantTagModel, VariantTag.tableName, 'variant_id', 'label/value pairs'),
    images: {
      kind: 'relation',
      many: true,
      model: () => variantImageModel,
      description: 'primary first, then by position',
      source: (child, parent) => ({ from: `${ProductImage.tableName} AS ${child}`, where: `${child}.variant_id = ${parent}.id`, orderBy: `${child}.is_primary DESC, ${child}.position, ${child}.id` }),
    },
    created_at: timestamp('created_at'),
    updated_at: timestamp('updated_at'),
  },
};

export const familyModel: ProjectionModel = {
  name: 'product family',
  label: 'RestqlProductFamily',
  fields: {
    id: column('id', 'integer'),
    name: column('name', 'string'),
    description: column('description', 'string'),
    product_count: computed('integer', (a) => `(SELECT count(*)::int FROM ${Product.tableName} AS ${a}_pc WHERE ${a}_pc.family_id = ${a}.id)`, { description: 'products in the family' }),
    ...scopeFields(),
  },
};

export const productModel: ProjectionModel = {
  name: 'product',
  label: 'RestqlProduct',
  fields: {
    id: column('id', 'integer'),
    name: column('name', 'string'),
    product_name: column('name', 'string', { description: 'the write name of name' }),
    supplier: column('supplier', 'string'),
    description: column('description', 'string'),
    category: column('category', 'string'),
    base_unit: column('base_unit', 'string'),
    family_id: column('family_id', 'integer', { nullable: true }),
    product_family_name: computed('string', (a) => `(SELECT ${a}_fn.name FROM ${ProductFamily.tableName} AS ${a}_fn WHERE ${a}_fn.id = ${a}.family_id)`, { nullable: true }),
    family: {
      kind: 'relation',
      many: false,
      model: () => familyModel,
      description: 'the product family, or null',
      source: (child, parent) => ({ from: `${ProductFamily.tableName} AS ${child}`, where: `${child}.id = ${parent}.family_id` }),
    },
    tags: many(() => productTagModel, ProductTag.tableName, 'product_id', 'labels with their values'),
    variants: many(() => variantModel, ProductVariant.tableName, 'product_id', 'in position order'),
    primary_image_url: {
      kind: 'scalar',
      type: 'url',
      nullable: true,
      description: 'the first primary image of the variants in order',
      sql: (a, ctx) =>
        sql(
          `(?::text || (SELECT ${a}_pi.path FROM ${ProductImage.tableName} AS ${a}_pi JOIN ${ProductVariant.tableName} AS ${a}_pv ON ${a}_pv.id = ${a}_pi.variant_id WHERE ${a}_pi.product_id = ${a}.id ORDER BY ${a}_pi.is_primary DESC, ${a}_pv.position, ${a}_pv.id, ${a}_pi.position, ${a}_pi.id LIMIT 1))`,
          [ctx.mediaBase],
        ),
    },
    ...scopeFields(),
  },
};
/** Items of GET /restqlapi/<app>/records/, over the derived table of record-discovery.ts. */
export const recordModel: ProjectionModel = {
  name: 'record',
  label: 'RestqlRecord',
  fields: {
    id: computed('id', (a) => `${a}.id`, { description: 'the row id (an integer, or a uuid for accounts)' }),
    label: column('label', 'string', { description: 'a human label of the row' }),
    model: column('model', 'string', { description: 'e.g. product, product_family, inventory' }),
    app: column('app', 'string'),
  },
};

export const catalogModels = { product: productModel, family: familyModel, record: recordModel } as const;
