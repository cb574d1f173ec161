// /api/inventory-icons/: emoji icons with an optional PNG image. Writes take JSON or
// multipart/form-data (the `icon_image` part is the PNG file). Seeded icons are
// listed for everyone and are read-only (403).
import Joi from 'joi';
import { defineCollection, uploadPayload } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { ICON_MAX_BYTES, iconListSpec } from '../../../../domain/inventory/inventory-icons.js';
import { name, patchOf, scopeFields } from '../inventory-fields.js';

const IconOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  value: Joi.string().allow('').required().description('emoji'),
  icon_image: Joi.string().uri().allow(null).required().description('absolute URL of the PNG, or null'),
  is_system: Joi.boolean().required(),
  ...scopeFields,
}).label('InventoryIcon');

const file = Joi.any().meta({ swaggerType: 'file' }).description(`PNG image (checked by its bytes), at most ${ICON_MAX_BYTES / 1024} KiB; multipart/form-data only`);
const IconIn = Joi.object({
  name: name(100).required(),
  value: Joi.string().trim().allow('').max(32).description('emoji, e.g. 📦'),
  icon_image: file.allow(null, ''),
}).label('InventoryIconIn');

export const inventoryIconsCollection = defineCollection({
  path: '/api/inventory-icons/',
  tag: 'inventory-icons',
  singular: 'inventory icon',
  plural: 'inventory icons',
  service: (s) => s.inventory.icons,
  out: IconOut,
  listQuery: listQuerySchema(iconListSpec, 'InventoryIconListQuery'),
  create: IconIn,
  replace: IconIn.label('InventoryIconReplace'),
  update: patchOf(IconIn, 'InventoryIconPatch'),
  // room for the PNG plus multipart framing; MediaStore enforces ICON_MAX_BYTES with a 413 naming the field
  payload: uploadPayload(ICON_MAX_BYTES + 64 * 1024),
  files: ['icon_image'],
  writeDocs: { payloadType: 'form' },
  notes: {
    list: 'The caller\'s icons plus the seeded defaults (is_system, read-only).',
    create: 'JSON or multipart/form-data. An icon needs an emoji `value`, an `icon_image` PNG, or both. PNG only (checked by magic bytes): other types 415, over the size limit 413.',
    update: 'Send icon_image empty or null to remove the image. Seeded icons are read-only (403 read_only).',
  },
});
