// Shapes of /api/products/ (catalog write shape: product_name, supplier, description,
// category, base_unit, tags [{label, values}], variants [{name, sku, barcode, tags
// [{label, value}], images}]) and of the product read shape.
import Joi from 'joi';
import { id } from '../../schemas.js';
import { scopeFields } from '../../inventory/inventory-fields.js';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../../domain/catalog/product-image-service.js';

const str = (max: number) => Joi.string().trim().allow('').max(max);

/** base64 (or a data: URL) decoded to bytes at the edge; type and size are checked by MediaStore */
export const base64Image = Joi.string()
  .max(Math.ceil((PRODUCT_IMAGE_MAX_BYTES * 4) / 3) + 200)
  .custom((value: string, helpers) => {
    const b64 = value.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return helpers.error('string.base64');
    return Buffer.from(b64, 'base64');
  })
  .messages({ 'string.base64': '{{#label}} must be base64 image data or a data: URL', 'string.max': '{{#label}} is larger than the image size limit' });

export const VariantImageIn = Joi.alternatives()
  .try(
    id.custom((v: number) => ({ id: v })),
    base64Image.custom((v: Buffer) => ({ image: v })),
    Joi.object({
      id: id.description('an image of this product to keep (or move to this variant)'),
      image: base64Image.description(`a new image: base64 or data: URL of a PNG, JPEG or WebP, at most ${PRODUCT_IMAGE_MAX_BYTES / 1048576} MiB`),
      alt_text: str(300),
      is_primary: Joi.boolean(),
    }).xor('id', 'image'),
  )
  .label('VariantImageIn');

export const VariantIn = Joi.object({
  id: id.description('an existing variant of this product (kept, with its images and stock); omit to create one — an unchanged sku also keeps it'),
  name: str(255),
  sku: str(100).description('unique per scope (case-insensitive); 409 sku_conflict otherwise'),
  barcode: Joi.alternatives()
    .try(str(32), Joi.number().integer().min(0).custom((v: number) => String(v)))
    .allow(null)
    .description('EAN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit (spaces and hyphens are ignored); 400 invalid_check_digit names the expected digit'),
  tags: Joi.array().items(Joi.object({ label: Joi.string().trim().min(1).max(100).required(), value: str(200).default('') }).label('VariantTagIn')).max(50),
  images: Joi.array().items(VariantImageIn).max(20).description('when given, the variant\'s images become exactly these (ids of this product\'s images and/or new base64 images); omit to leave them'),
}).label('VariantIn');

/** A product's own fields, shared by the catalog and the projected catalog's write shapes. */
export const productScalarFields = {
  product_name: Joi.string().trim().min(1).max(255).description('the product\'s name (write name; `name` is accepted too)'),
  name: Joi.string().trim().min(1).max(255).description('alias of product_name'),
  supplier: str(255),
  description: str(10000),
  category: str(150),
  base_unit: Joi.string().trim().min(1).max(32).description('unit stock is counted in, default pcs'),
  family_id: id.allow(null).description('a product family of the scope'),
  product_family_name: Joi.string().trim().max(150).allow(null, '').empty('').description('a family by name: the scope\'s family of that name (any case), created when missing'),
};

const fields = {
  ...productScalarFields,
  tags: Joi.array().items(Joi.object({ label: Joi.string().trim().min(1).max(100).required(), values: Joi.array().items(Joi.string().trim().max(200)).max(100).default([]) }).label('ProductTagIn')).max(50),
  variants: Joi.array().items(VariantIn).max(200),
};

export const ProductCreate = Joi.object(fields).or('product_name', 'name').label('ProductIn');
export const ProductReplace = Joi.object(fields).or('product_name', 'name').label('ProductReplace');
export const ProductPatch = Joi.object(fields).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label('ProductPatch');

export const ProductImageOut = Joi.object({
  id: Joi.number().integer().required(),
  variant_id: Joi.number().integer().required(),
  product_id: Joi.number().integer().required(),
  image_url: Joi.string().uri().required().description('absolute URL'),
  alt_text: Joi.string().allow('').required(),
  is_primary: Joi.boolean().required(),
  content_type: Joi.string().required(),
  size: Joi.number().integer().required(),
  width: Joi.number().integer().allow(null),
  height: Joi.number().integer().allow(null),
  position: Joi.number().integer(),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('ProductImage');

export const ProductOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  product_name: Joi.string().required(),
  supplier: Joi.string().allow('').required(),
  description: Joi.string().allow('').required(),
  category: Joi.string().allow('').required(),
  base_unit: Joi.string().required(),
  family_id: Joi.number().integer().allow(null).required(),
  product_family_name: Joi.string().allow(null).required(),
  tags: Joi.array().items(Joi.object({ id: Joi.number().integer(), label: Joi.string(), values: Joi.array().items(Joi.object({ id: Joi.number().integer(), value: Joi.string().allow('') }).label('ProductTagValue')) }).label('ProductTag')).required(),
  variants: Joi.array()
    .items(
      Joi.object({
        id: Joi.number().integer(),
        name: Joi.string().allow(''),
        sku: Joi.string().allow(''),
        barcode: Joi.string().allow(''),
        position: Joi.number().integer(),
        tags: Joi.array().items(Joi.object({ id: Joi.number().integer(), label: Joi.string(), value: Joi.string().allow('') }).label('VariantTag')),
        images: Joi.array().items(ProductImageOut),
      }).label('ProductVariant'),
    )
    .required(),
  primary_image_url: Joi.string().uri().allow(null),
  profile_type: scopeFields.profile_type,
  team_id: scopeFields.team_id,
  created_by: scopeFields.created_by,
  created_at: scopeFields.created_at,
  updated_at: scopeFields.updated_at,
}).label('Product');
