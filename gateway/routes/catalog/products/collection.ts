// /api/products/: products with nested tags and variants (with variant tags and
// images) written in one request.
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { productListSpec } from '../../../../domain/catalog/product-service.js';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../../domain/catalog/product-image-service.js';
import { ProductCreate, ProductOut, ProductPatch, ProductReplace } from './schemas.js';

export const productsCollection = defineCollection({
  path: '/api/products/',
  tag: 'products',
  singular: 'product',
  plural: 'products',
  service: (s) => s.catalog.products,
  out: ProductOut,
  listQuery: listQuerySchema(productListSpec, 'ProductListQuery'),
  create: ProductCreate,
  replace: ProductReplace,
  update: ProductPatch,
  // nested base64 images: up to a few per request
  payload: { maxBytes: 4 * Math.ceil((PRODUCT_IMAGE_MAX_BYTES * 4) / 3) + 256 * 1024 },
  files: ['image'],
  notes: {
    list:
      '`search` matches name, supplier, category, description and the variants\' SKUs, names and barcodes; a non-empty search on page 1 is recorded in the caller\'s history (GET /api/product-searches/). Filters: category, supplier (contains), base_unit, family_id, product_family_name, sku (exact), barcode (any GTIN spelling: UPC-A 036000291452 also finds EAN-13 0036000291452).',
    create:
      'The catalog write shape: product_name (or name), supplier, description, category, base_unit, family_id or product_family_name (found or created by name), tags [{label, values: [string]}], variants [{name, sku, barcode, tags: [{label, value}], images}]. Barcodes must be GTINs with a valid check digit (400 invalid_check_digit with the expected digit; 400 invalid_barcode when not 8/12/13/14 digits). A SKU is unique in the scope: 409 sku_conflict; twice in one request: 400 duplicate_sku. Variant images: base64/data: URL of a PNG, JPEG or WebP (at most 5 MiB; 415 other types, 413 too big) or ids of this product\'s images; the first image of a variant becomes primary. Reads return `name` and `product_name` alike.',
    replace: 'Full replacement: omitted fields reset to defaults and omitted tags/variants are emptied. Variants named by `id` (or by an unchanged sku) keep their identity, images and stock; others are created; variants left out are deleted.',
    update: 'Only the fields given change; a nested array (tags, variants, a variant\'s tags or images) is replaced only when it is given.',
    delete: 'Refused with 409 product_in_stock while any inventory item of the product holds stock; deletes its variants and images.',
  },
});
