import Joi from 'joi';
import { slug, text, translationsIn, translationsOut } from '../tickets/text.js';

export const TicketTypeOut = Joi.object({
  slug: Joi.string().required(),
  name: Joi.string().required().description('translated (Accept-Language, then profile language, then English)'),
  description: Joi.string().allow('').required(),
  sort_order: Joi.number().integer().required(),
  is_active: Joi.boolean().description('staff views only'),
  translations: translationsOut.description('staff views only'),
}).label('SupportTicketType');

export const typeSlug = Joi.object({ slug: Joi.string().max(100).required() }).label('SupportTicketTypeSlug');

const fields = {
  slug,
  name: text(100).min(1).description('English name (the fallback)'),
  description: text(2000).allow(''),
  sort_order: Joi.number().integer().min(-1_000_000).max(1_000_000),
  is_active: Joi.boolean(),
  translations: translationsIn,
};

export const TicketTypeCreateIn = Joi.object({ ...fields, slug: fields.slug.required(), name: fields.name.required() }).label('SupportTicketTypeCreateIn');
export const TicketTypePatchIn = Joi.object(fields).min(1).label('SupportTicketTypePatchIn');
