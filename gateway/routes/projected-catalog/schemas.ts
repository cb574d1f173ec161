// Shapes of the projected catalog API (/restqlapi): the `query` parameter and its
// documentation, the product write shape with nested collections in the operation
// style, and the read shapes, generated from the projection models so the
// documented fields are exactly the projectable ones.
import Joi from 'joi';
import { id } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { base64Image, productScalarFields } from '../catalog/products/schemas.js';
import { name, text } from '../inventory/inventory-fields.js';
import { QUERY_MAX_LENGTH } from '../../../domain/projected-catalog/query-parser.js';
import { describeModel, type ProjectionModel, type ScalarType } from '../../../domain/projected-catalog/projection-compiler.js';
import { familyModel, productModel, recordModel } from '../../../domain/projected-catalog/catalog-models.js';
import { MAX_IMAGES_PER_REQUEST } from '../../../domain/catalog/product-operation-service.js';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../domain/catalog/product-image-service.js';

// ── projection ────────────────────────────────────────────────────────────────

export const GRAMMAR = [
  'Projection: `?query={id,name,variants{sku,images{alt_text}}}` returns only the named fields, nested to any depth the shape has; without `query` every field is returned.',
  '`*` selects every field of its level; `-field` every field but that one (several may be given); at a level with `*` or an exclusion, a named relation narrows only itself: `{*,-description,variants{sku}}`. `new_name:field` renames a field (aliases at most 50 characters).',
  'An unknown field, a nested selection on a scalar, a field named twice, an output key used twice or a malformed query is `400 invalid_query`, with details `[{path: "query", position, field, type}]` (position: 0-based offset in the query). A write with such a query writes nothing.',
  'Cost: one SQL statement builds the rows (each selected relation is one JSON-aggregating subquery), plus one count on lists: the number of queries depends on neither the depth nor the number of rows; relations that are not selected are not read.',
].join('\n\n');

export const fieldsOf = (model: ProjectionModel) => `Projectable fields of a ${model.name}: \`{${describeModel(model)}}\`.`;

export const projectionQuery = Joi.string().max(QUERY_MAX_LENGTH).allow('').description('fields to return, e.g. {id,name,variants{sku,images{alt_text}}} (see the grammar in the notes)');
export const ProjectionParams = Joi.object({ query: projectionQuery }).label('RestqlProjection');

const scalarSchema: Record<ScalarType, () => Joi.Schema> = {
  integer: () => Joi.number().integer(),
  string: () => Joi.string().allow(''),
  boolean: () => Joi.boolean(),
  datetime: () => Joi.string().isoDate(),
  url: () => Joi.string().uri(),
  id: () => Joi.alternatives().try(Joi.number().integer(), Joi.string()),
};

const readShapes = new Map<ProjectionModel, Joi.ObjectSchema>();

/** The full read shape of a model (every key optional: a projection returns a subset, aliases rename). */
export function readShape(model: ProjectionModel): Joi.ObjectSchema {
  let schema = readShapes.get(model);
  if (!schema) {
    const keys: Record<string, Joi.Schema> = {};
    for (const [field, def] of Object.entries(model.fields)) {
      if (def.kind === 'scalar') {
        let s = scalarSchema[def.type]();
        if (def.nullable) s = s.allow(null);
        keys[field] = def.description ? s.description(def.description) : s;
      } else {
        const inner = readShape(def.model());
        const s = def.many ? Joi.array().items(inner) : inner.allow(null);
        keys[field] = def.description ? s.description(def.description) : s;
      }
    }
    schema = Joi.object(keys).unknown(true).label(model.label);
    readShapes.set(model, schema);
  }
  return schema;
}

const pageOf = (model: ProjectionModel) =>
  Joi.object({
    count: Joi.number().integer().required(),
    next: Joi.string().allow(null).required(),
    previous: Joi.string().allow(null).required(),
    results: Joi.array().items(readShape(model)).required(),
  }).label(`${model.label}Page`);

/** OpenAPI answers of a projected route: documented, not validated (a projection's keys are the client's). */
export function projectedDocs(status: number, model: ProjectionModel | null, list: boolean, errors: number[]) {
  const docs = errorDocs(...errors)['hapi-swagger'];
  const ok = model ? { [status]: { description: list ? `A page of projected ${model.name} rows` : `The projected ${model.name}`, schema: list ? pageOf(model) : readShape(model) } } : { [status]: { description: 'Done' } };
  return { 'hapi-swagger': { ...docs, responses: { ...ok, ...docs.responses } } };
}

export const SCOPE_NOTE = 'Bearer required. Scope: `X-Profile-Type: self` (default) or `team` with `X-Team-Id`; another scope\'s id is 404, a team you are not in is 403.';

export { productModel, familyModel, recordModel };

// ── the product write shape, with nested operations ──────────────────────────

const str = (max: number) => Joi.string().trim().allow('').max(max);
const rowId = /^[1-9][0-9]{0,9}$/;

/** an image file: a multipart file part, or base64 / a data: URL in JSON */
const imageFile = Joi.alternatives()
  .conditional(Joi.string(), { then: base64Image, otherwise: Joi.binary().min(1) })
  .description(`PNG, JPEG or WebP (checked by its bytes), at most ${PRODUCT_IMAGE_MAX_BYTES / 1048576} MiB: a multipart file part, or base64 / a data: URL in JSON`);

const notEnabled = (what: string) => Joi.any().forbidden().messages({ 'any.unknown': `{{#label}}: "add" and "remove" are not enabled for ${what}; use create, update or delete` });
const notRowId = Joi.any().forbidden().messages({ 'any.unknown': '{{#label}} is not a row id' });
const createOnly = Joi.any().forbidden().messages({ 'any.unknown': '{{#label}}: only "create" is allowed on new rows' });

/**
 * A nested collection: a plain array (creates on a create, replaces on a patch) or
 * the operations {create: [...], update: {"<id>": {...}}, delete: [ids]}; on a new
 * parent only `create`.
 */
function nested(what: string, label: string, max: number, item: Joi.Schema, opts: { update?: Joi.Schema; replaceItem?: Joi.Schema } = {}): Joi.Schema {
  const forNew = opts.update === undefined;
  const ops = Joi.object({
    create: Joi.array().items(item).max(max),
    // a key that is not a row id is refused by its own message; a message on the map itself
    // would also word every unknown key deeper down (in an image's create) as "not a row id"
    update: forNew ? createOnly : Joi.object().pattern(rowId, opts.update!.required()).pattern(/./, notRowId).max(1000).description('row id -> changed fields'),
    delete: forNew ? createOnly : Joi.array().items(id).max(1000).unique().description('row ids'),
    add: notEnabled(what),
    remove: notEnabled(what),
  })
    .or('create', 'update', 'delete')
    .messages({ 'object.missing': '{{#label}} must hold create, update or delete' })
    .description(forNew ? `${what}: a list, or {create: [...]}` : `${what}: a list (replaces them all) or {create: [...], update: {"<id>": {...}}, delete: [ids]}`)
    .label(`${label}${forNew ? 'Creation' : 'Changes'}`);
  return Joi.alternatives().conditional(Joi.array(), { then: Joi.array().items(opts.replaceItem ?? item).max(max), otherwise: ops });
}

const imageFields = {
  alt_text: str(300),
  is_primary: Joi.boolean().description('the variant\'s primary image (one per variant; the first image is primary anyway)'),
  position: Joi.number().integer().min(0).max(10000),
};
const ImageCreate = Joi.object({ image: imageFile.required(), ...imageFields }).label('RestqlImageIn');
const ImagePatch = Joi.object({ image: imageFile.description('replaces the file'), ...imageFields }).min(1).label('RestqlImagePatch');
const ImageListItem = Joi.alternatives()
  .try(
    id.custom((v: number) => ({ id: v })),
    Joi.object({ id: id.description('an image of this product to keep (or move to this variant)'), image: imageFile, ...imageFields }).xor('id', 'image'),
  )
  .label('RestqlImageListItem');

const VariantTag = Joi.object({ label: Joi.string().trim().min(1).max(100).required(), value: str(200).default('') }).label('RestqlVariantTagIn');
const VariantTagPatch = Joi.object({ label: Joi.string().trim().min(1).max(100), value: str(200) }).min(1).label('RestqlVariantTagPatch');
const ProductTag = Joi.object({ label: Joi.string().trim().min(1).max(100).required(), values: Joi.array().items(Joi.string().trim().max(200)).max(100).default([]) }).label('RestqlProductTagIn');
const ProductTagPatch = Joi.object({ label: Joi.string().trim().min(1).max(100), values: Joi.array().items(Joi.string().trim().max(200)).max(100).description('replaces the tag\'s values') }).min(1).label('RestqlProductTagPatch');

const variantFields = {
  name: str(255),
  sku: str(100).description('unique per scope (case-insensitive): 409 sku_conflict'),
  barcode: Joi.alternatives().try(str(32), Joi.number().integer().min(0).custom((v: number) => String(v))).allow(null).description('EAN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit'),
};
/** a new variant: its tags and images can only be created */
const VariantCreate = Joi.object({
  ...variantFields,
  tags: nested('variant tags', 'RestqlVariantTags', 50, VariantTag),
  images: nested('variant images', 'RestqlVariantImages', 20, ImageCreate),
}).label('RestqlVariantIn');
/** changes to a stored variant (update operation) */
const VariantPatch = Joi.object({
  ...variantFields,
  tags: nested('variant tags', 'RestqlVariantTags', 50, VariantTag, { update: VariantTagPatch }),
  images: nested('variant images', 'RestqlVariantImages', 20, ImageCreate, { update: ImagePatch, replaceItem: ImageListItem }),
})
  .min(1)
  .label('RestqlVariantPatch');
/** an entry of a plain variants array on a patch (which replaces the variants): a stored one by id, or a new one */
const VariantListItem = VariantPatch.keys({ id: id.description('a stored variant of this product (kept, with its images and stock); omit to create one') }).min(0).label('RestqlVariantListItem');


export const ProductCreateIn = Joi.object({
  ...productScalarFields,
  tags: nested('product tags', 'RestqlProductTags', 50, ProductTag),
  variants: nested('variants', 'RestqlVariants', 200, VariantCreate),
})
  .or('product_name', 'name')
  .label('RestqlProductIn');

export const ProductPatchIn = Joi.object({
  ...productScalarFields,
  tags: nested('product tags', 'RestqlProductTags', 50, ProductTag, { update: ProductTagPatch }),
  variants: nested('variants', 'RestqlVariants', 200, VariantCreate, { update: VariantPatch, replaceItem: VariantListItem }),
})
  .min(1)
  .messages({ 'object.min': 'Send at least one field to change.' })
  .label('RestqlProductPatch');

export const FamilyIn = Joi.object({ name: name(150).required(), description: text }).label('RestqlProductFamilyIn');
export const FamilyPatch = Joi.object({ name: name(150), description: text }).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label('RestqlProductFamilyPatch');

export const WRITE_NOTES = [
  'Write shape: product_name (or name), supplier, description, category, base_unit, family_id or product_family_name, tags [{label, values: [string]}], variants [{name, sku, barcode, tags: [{label, value}], images: [{image, alt_text, is_primary}]}].',
  'Nested collections (tags, variants, a variant\'s tags and images) take a plain array or the operations `{create: [...], update: {"<id>": {...}}, delete: [ids]}`. On create a plain array creates and only `create` is allowed; on patch a plain array replaces the collection (variants and images named by `id` keep their identity) and `create`, `update`, `delete` are allowed. `add` and `remove` are not enabled (400). Every id in `update`/`delete` must be a row of the parent being written: another scope\'s (or no) row is 404, a row of another product or variant is 400 foreign_id; nothing is moved, changed or deleted then.',
  `Multipart (multipart/form-data): the part \`payload\` holds the JSON as a string; files are parts named \`variants[<i>][images]\` (repeatable: they replace that variant's images, in order; a JSON images list of the same length gives their alt_text/is_primary) or, with the operation style, \`variants[<i>][images][create][<n>][image]\` (any bracket path ending in [image], e.g. variants[update][<id>][images][update][<image_id>][image], works too). Bracket paths have no depth or index limit; an index must continue its list. In JSON, image is base64 or a data: URL.`,
  `Images: PNG, JPEG or WebP decided by the bytes, at most ${PRODUCT_IMAGE_MAX_BYTES / 1048576} MiB each, at most ${MAX_IMAGES_PER_REQUEST} new files per request and 20 per variant; a bad image is 400 (unsupported_file_type, file_too_large, empty_file, invalid_image) naming its part.`,
  'One request is one database transaction (the projected answer is read inside it): any failure writes nothing, and the files it stored are removed again. SKUs are unique per scope (409 sku_conflict; twice in one request 400 duplicate_sku); barcodes must be GTINs with a valid check digit.',
].join('\n\n');

export { id };
