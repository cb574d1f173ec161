import Joi from 'joi';
import { locationFields } from '../../inventory/inventory-fields.js';

export const StockLocationOut = Joi.object({
  inventory_item_id: Joi.number().integer(),
  ...locationFields,
  quantity: Joi.number().integer(),
  unit: Joi.string(),
  min_quantity: Joi.number().integer(),
  lot_number: Joi.string().allow(''),
  serial_number: Joi.string().allow(''),
  expiry_date: Joi.string().allow(null),
}).label('StockLocation');

export const ScanMatchOut = Joi.object({
  product_id: Joi.number().integer(),
  product_name: Joi.string(),
  variant_id: Joi.number().integer(),
  variant_name: Joi.string().allow(''),
  sku: Joi.string().allow(''),
  barcode: Joi.string(),
  category: Joi.string().allow(''),
  supplier: Joi.string().allow(''),
  base_unit: Joi.string(),
  family_id: Joi.number().integer().allow(null),
  product_family_name: Joi.string().allow(null),
  image_url: Joi.string().uri().allow(null).description('primary image of the variant'),
  total_quantity: Joi.number().integer().description('sum over the stock locations'),
  stock: Joi.array().items(StockLocationOut).description('inventory items of the variant (and product-level items of its product), with inventory, storage and box names'),
}).label('ScanMatch');

export const ScanOut = Joi.object({
  id: Joi.number().integer().required(),
  code: Joi.string().required().description('the digits scanned (spaces and hyphens removed)'),
  gtin14: Joi.string().allow(null).description('the same number padded to 14 digits'),
  symbology: Joi.string().allow('').description('EAN-8, UPC-A, EAN-13 or GTIN-14'),
  is_valid: Joi.boolean().required(),
  source: Joi.string().valid('manual', 'image').required(),
  decoded_format: Joi.string().allow(null).description('barcode format read from a photo (e.g. EAN-13, UPC-E)'),
  image_url: Joi.string().uri().allow(null).description('the photo a scan was decoded from: GET it with the bearer token (private, never under /media/)'),
  match_count: Joi.number().integer().required(),
  matched_variant_ids: Joi.array().items(Joi.number().integer()),
  created_at: Joi.string().isoDate(),
}).label('BarcodeScan');

export const ScanResultOut = ScanOut.keys({
  found: Joi.boolean().required().description('false: the code is valid but no product in the scope carries it'),
  message: Joi.string().required(),
  matches: Joi.array().items(ScanMatchOut).required(),
  job_id: Joi.string().description('photo scans: the job that decoded it'),
}).label('ScanResult');
