// The item routes' shapes: a product of the curator's own catalog, its position and a note.
import Joi from 'joi';
import { id } from '../../../schemas.js';
import { plainText } from '../collection.js';

export const ItemParams = Joi.object({ id: id.required().description('curated list id'), item_id: id.required().description('item id') }).label('CuratedListItemParams');
export const ListParam = Joi.object({ id: id.required().description('curated list id') }).label('CuratedListIdParam');
export const CuratedListItemIn = Joi.object({
  product: id.required().description('a product of the curator\'s scope'),
  position: Joi.number().integer().min(0).max(100_000).description('sort key (default: after the last)'),
  note: plainText(2000).allow('').default(''),
}).label('CuratedListItemIn');
export const CuratedListItemPatch = Joi.object({
  position: Joi.number().integer().min(0).max(100_000),
  note: plainText(2000).allow(''),
}).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label('CuratedListItemPatch');
