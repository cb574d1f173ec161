// /api/product-images/: images of product variants, uploaded as multipart/form-data.
import Joi from 'joi';
import { defineCollection, uploadPayload } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { imageListSpec, PRODUCT_IMAGE_MAX_BYTES } from '../../../../domain/catalog/product-image-service.js';
import { id } from '../../schemas.js';
import { ProductImageOut } from '../products/schemas.js';

const file = Joi.any().meta({ swaggerType: 'file' }).description(`PNG, JPEG or WebP (checked by its bytes), at most ${PRODUCT_IMAGE_MAX_BYTES / 1048576} MiB`);
const ImageIn = Joi.object({
  image: file.required(),
  variant_id: id.required().description('the variant the image belongs to (every image belongs to exactly one variant)'),
  alt_text: Joi.string().trim().allow('').max(300),
  is_primary: Joi.boolean().description('make it the variant\'s primary image (the first image of a variant is primary anyway)'),
  position: Joi.number().integer().min(0).max(10000),
}).label('ProductImageIn');
const ImagePatch = Joi.object({
  image: file.description('replaces the file'),
  variant_id: id.description('moves the image to another variant of the scope'),
  alt_text: Joi.string().trim().allow('').max(300),
  is_primary: Joi.boolean(),
  position: Joi.number().integer().min(0).max(10000),
})
  .min(1)
  .messages({ 'object.min': 'Send at least one field to change.' });

export const productImagesCollection = defineCollection({
  path: '/api/product-images/',
  tag: 'product-images',
  singular: 'product image',
  plural: 'product images',
  service: (s) => s.catalog.images,
  out: ProductImageOut,
  listQuery: listQuerySchema(imageListSpec, 'ProductImageListQuery'),
  create: ImageIn,
  replace: ImagePatch.label('ProductImageReplace'),
  update: ImagePatch.label('ProductImagePatch'),
  // room for the file plus multipart framing; MediaStore enforces the limit with a 413 naming the field
  payload: uploadPayload(PRODUCT_IMAGE_MAX_BYTES + 64 * 1024),
  files: ['image'],
  writeDocs: { payloadType: 'form' },
  notes: {
    list: 'Filters: variant_id, product_id, is_primary.',
    create:
      'multipart/form-data: image (file), variant_id, alt_text, is_primary. The type is decided by the file\'s bytes: PNG, JPEG or WebP, else 415 unsupported_file_type; empty 400 empty_file; over 5 MiB 413; bytes that claim an image but do not decode 400 invalid_image. image_url is absolute. One primary image per variant: setting is_primary unsets the others.',
    replace: 'Same fields as PATCH (all optional): alt_text, is_primary, position, variant_id (move), image (replace the file).',
    delete: 'When the primary image goes, the variant\'s next image becomes primary.',
  },
});
