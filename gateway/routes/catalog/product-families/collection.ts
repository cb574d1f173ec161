// /api/product-families/: named groups of products, unique per scope (any case).
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { familiesDef } from '../../../../domain/catalog/product-family-service.js';
import { name, patchOf, scopeFields, text } from '../../inventory/inventory-fields.js';

const FamilyOut = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  product_count: Joi.number().integer().required(),
  ...scopeFields,
}).label('ProductFamily');

const FamilyIn = Joi.object({ name: name(150).required(), description: text }).label('ProductFamilyIn');

export const productFamiliesCollection = defineCollection({
  path: '/api/product-families/',
  tag: 'product-families',
  singular: 'product family',
  plural: 'product families',
  service: (s) => s.catalog.families,
  out: FamilyOut,
  listQuery: listQuerySchema(familiesDef().list, 'ProductFamilyListQuery'),
  create: FamilyIn,
  replace: FamilyIn.label('ProductFamilyReplace'),
  update: patchOf(FamilyIn, 'ProductFamilyPatch'),
  notes: {
    create: 'A name is unique in the scope regardless of case: 409 family_exists.',
    update: 'Renaming onto another family\'s name (any case) is 409 family_exists.',
    delete: 'The family\'s products stay, without a family.',
  },
});
