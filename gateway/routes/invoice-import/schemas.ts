// Response schemas of the invoice import endpoints (spec: "Invoice import").
import Joi from 'joi';
import { locationOf } from '../inventory/inventory-fields.js';

const confidence = Joi.number().min(0).max(1);

export const DuplicateOfOut = Joi.object({
  session_id: Joi.number().integer().required().description('the earlier session of the scope holding this invoice'),
  session_status: Joi.string().valid('previewed', 'applied', 'failed').required().description('its status when this was checked'),
  match: Joi.string().valid('document', 'content').required().description('document: the same file (SHA-256); content: a similar seller and the same invoice number, or seller, date and total'),
  matched_on: Joi.array().items(Joi.string()).required().description('the invoice fields that agree (content matches)'),
  created_at: Joi.string().isoDate().allow(null),
}).label('InvoiceDuplicateOf');

export const InvoiceOut = Joi.object({
  needs_review: Joi.array().items(Joi.string().valid('vendor_name', 'invoice_number', 'invoice_date', 'currency', 'total_amount')).description('header fields that are missing or whose confidence is below review_threshold: a person should check them'),
  review_threshold: Joi.number().min(0).max(1).description('confidence below which a header field is listed in needs_review (0.9)'),
  vendor_name: Joi.string().allow(null).required(),
  invoice_number: Joi.string().allow(null).required(),
  invoice_date: Joi.string().allow(null).required().description('YYYY-MM-DD'),
  currency: Joi.string().allow(null).required().description('ISO 4217'),
  total_amount: Joi.number().allow(null).description('the amount payable as printed'),
  confidence: Joi.object().pattern(Joi.string(), confidence).description('0–1 per field, calibrated: the probability that the value is right (0.99 read from an e-invoice; from layout or OCR, a field at 0.9 was right at least nine times in ten on the development documents)'),
}).label('InvoiceFields');

export const MatchOut = Joi.object({
  product_id: Joi.number().integer(),
  product_name: Joi.string(),
  method: Joi.string().valid('barcode', 'sku', 'name'),
  score: Joi.number().description('1 for barcode/SKU, pg_trgm similarity for names'),
}).label('ProductMatch');

export const PreviewLineOut = Joi.object({
  line_number: Joi.number().integer().required(),
  description: Joi.string().allow(null, ''),
  quantity: Joi.number().allow(null),
  unit: Joi.string().allow(null),
  unit_price: Joi.number().allow(null),
  line_total: Joi.number().allow(null),
  sku: Joi.string().allow(null),
  barcode: Joi.string().allow(null),
  details: Joi.string().allow(null, '').description('text printed under the item (notes, serial numbers, periods)'),
  confidence: Joi.object().pattern(Joi.string(), confidence),
  status: Joi.string().valid('ready', 'needs_review', 'non_stock').required().description('non_stock: a fee, levy, deposit, shipping, rounding or discount line, not received unless the bulk line says receive_non_stock: true'),
  stock: Joi.boolean().description('false for non-stock lines'),
  non_stock_kind: Joi.string().valid('fee', 'levy', 'deposit', 'shipping', 'rounding', 'discount', 'service_charge', 'tax').allow(null),
  reasons: Joi.array().items(Joi.string().valid('non_stock', 'quantity_missing', 'quantity_not_whole', 'quantity_assumed', 'weak_name_match', 'low_confidence', 'description_missing')),
  reason: Joi.string().allow(null).description('the reasons in words; null when ready'),
  match: MatchOut.allow(null).description('barcode, then SKU, then name similarity within the caller\'s scope'),
  action: Joi.string().valid('use_existing_product', 'create_product'),
  product_id: Joi.number().integer().allow(null).description('prefilled bulk-store line: send back as is or edited'),
  product_name: Joi.string().allow(''),
  selected_quantity: Joi.string().allow(null),
  inventory_id: Joi.number().integer().allow(null),
  storage_box_id: Joi.number().integer().allow(null),
}).label('PreviewLine');

export const PreviewSummaryOut = Joi.object({
  total_lines: Joi.number().integer().required(),
  ready_to_apply: Joi.number().integer().required(),
  needs_review: Joi.number().integer().required().description('lines to look at: needs_review and non_stock lines'),
}).label('PreviewSummary');

export const BulkSummaryOut = Joi.object({
  total_lines: Joi.number().integer().required(),
  processed_lines: Joi.number().integer().required(),
  skipped_lines: Joi.number().integer().required().description('lines of the session not in the request'),
  created_products: Joi.number().integer().required(),
  existing_products: Joi.number().integer().required(),
  created_inventory_items: Joi.number().integer().required(),
  updated_inventory_items: Joi.number().integer().required(),
}).label('BulkSummary');

export const BulkResultOut = Joi.object({
  line_number: Joi.number().integer(),
  status: Joi.string().valid('stored'),
  product_id: Joi.number().integer(),
  product_name: Joi.string(),
  product_created: Joi.boolean(),
  inventory_item_id: Joi.number().integer(),
  inventory_item_created: Joi.boolean(),
  quantity: Joi.number().integer(),
  inventory_id: Joi.number().integer(),
  storage_box_id: Joi.number().integer(),
}).label('BulkResult');

export const ErrorItemOut = Joi.object({
  line_number: Joi.number().integer().required(),
  field: Joi.string().required(),
  message: Joi.string().required(),
}).label('BulkErrorItem');

const SourceFile = Joi.object({ name: Joi.string().allow(''), size: Joi.number().integer(), content_type: Joi.string() }).label('SourceFile');
const Extraction = Joi.object({
  format: Joi.string().valid('pdf-text', 'pdf-scan', 'image', 'csv', 'text', 'ubl', 'cii', 'facturx'),
  pages: Joi.number().integer(),
  warnings: Joi.array().items(Joi.string()),
  ocr_pages: Joi.number().integer(),
  ocr_seconds: Joi.number(),
  duration_ms: Joi.number().integer(),
}).label('Extraction');

export const PreviewOut = Joi.object({
  status: Joi.string().valid('success').required(),
  mode: Joi.string().valid('preview').required(),
  message: Joi.string().required(),
  session_id: Joi.number().integer().required(),
  session_status: Joi.string().valid('previewed', 'applied', 'failed').required(),
  invoice: InvoiceOut.required(),
  ...locationOf({ required: true, ids: null, names: '' }),
  product_family_name: Joi.string().allow('').required(),
  lines: Joi.array().items(PreviewLineOut).required(),
  summary: PreviewSummaryOut.required(),
  duplicate_of: DuplicateOfOut.allow(null).description('the earlier session of the scope with the same document or the same invoice; null when new. Storing a duplicate of an applied session needs confirm_duplicate: true'),
  extraction: Extraction,
}).label('InvoicePreview');

export const BulkStoreOut = Joi.object({
  status: Joi.string().valid('success').required(),
  message: Joi.string().required(),
  session_id: Joi.number().integer().required(),
  session_status: Joi.string().valid('applied').required(),
  results: Joi.array().items(BulkResultOut).required(),
  summary: BulkSummaryOut.required(),
}).label('BulkStoreResult');

/** the platform error shape inside a bulk store's failure answers (its code says which) */
const BulkStoreErrorOut = Joi.object({ code: Joi.string(), message: Joi.string(), details: Joi.any() }).label('BulkStoreError');

export const BulkStoreFailureOut = Joi.object({
  status: Joi.string().valid('error').required(),
  message: Joi.string().required().description('says the store was aborted and nothing was written'),
  errors: Joi.array().items(ErrorItemOut).required(),
  session_id: Joi.number().integer(),
  session_status: Joi.string().valid('failed'),
  error: BulkStoreErrorOut.description('the platform error shape, code bulk_store_aborted'),
}).label('BulkStoreFailure');

export const BulkStoreConflictOut = Joi.object({
  status: Joi.string().valid('error').required(),
  message: Joi.string().required(),
  session_id: Joi.number().integer(),
  session_status: Joi.string().valid('applied'),
  results: Joi.array().items(BulkResultOut),
  summary: BulkSummaryOut.allow(null),
  error: BulkStoreErrorOut.description('code session_already_applied'),
}).label('BulkStoreAlreadyApplied');

export const LocationOut = Joi.object(locationOf({ ids: null, names: '' })).label('SessionLocation');

export const BulkStoreDuplicateOut = Joi.object({
  status: Joi.string().valid('error').required(),
  message: Joi.string().required(),
  session_id: Joi.number().integer(),
  session_status: Joi.string().valid('previewed', 'failed'),
  duplicate_of: DuplicateOfOut.required(),
  error: BulkStoreErrorOut.description('code duplicate_invoice'),
}).label('BulkStoreDuplicate');

export const SessionOut = Joi.object({
  id: Joi.number().integer().required(),
  status: Joi.string().valid('previewed', 'applied', 'failed').required(),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  last_step: Joi.string().required().description('preview or bulk-store'),
  product_family_name: Joi.string().allow(''),
  source_files: Joi.array().items(SourceFile),
  invoice: InvoiceOut.required(),
  location: LocationOut.required(),
  preview_lines: Joi.array().items(PreviewLineOut).required(),
  bulk_lines: Joi.array().required().description('the lines of the last bulk-store request, as sent'),
  summary: Joi.object().required().description('preview summary, plus the bulk summary once applied'),
  result_payload: Joi.object().required().description('{message, results, summary, transaction_id} once applied; {} before'),
  error_payload: Joi.object().required().description('{message, errors} of the last failed bulk store; {} otherwise'),
  extraction: Extraction,
  duplicate_of: DuplicateOfOut.allow(null),
  attempts: Joi.number().integer().description('bulk-store attempts so far'),
  applied_at: Joi.string().isoDate().allow(null),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('InvoiceImportSession');

export const HistoryItemOut = Joi.object({
  id: Joi.number().integer().required(),
  status: Joi.string().valid('previewed', 'applied', 'failed').required(),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  last_step: Joi.string().required(),
  product_family_name: Joi.string().allow('').required(),
  source_files: Joi.array().items(SourceFile).required(),
  invoice_number: Joi.string().allow(null).required(),
  vendor_name: Joi.string().allow(null).required(),
  invoice_date: Joi.string().allow(null),
  inventory_id: Joi.number().integer().allow(null).required(),
  inventory_name: Joi.string().allow('').required(),
  storage_box_id: Joi.number().integer().allow(null).required(),
  storage_box_name: Joi.string().allow('').required(),
  total_lines: Joi.number().integer().required(),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('InvoiceImportHistoryItem');
