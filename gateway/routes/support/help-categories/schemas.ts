import Joi from 'joi';
import { slug, text, translationsIn, translationsOut } from '../tickets/text.js';

export const HelpCategoryOut = Joi.object({
  id: Joi.string().guid().required(),
  slug: Joi.string().required(),
  title: Joi.string().required().description('translated name (Accept-Language, then profile language, then English)'),
  name: Joi.string().required().description('the same translated name'),
  description: Joi.string().allow('').required(),
  icon: Joi.string().allow('').required().description('icon path'),
  sort_order: Joi.number().integer().required(),
  is_active: Joi.boolean().required(),
  article_count: Joi.number().integer().min(0).required().description('published FAQ articles in the category (an article in several languages counts once)'),
  translations: translationsOut.description('staff views only'),
}).label('HelpCategory');

export const categoryId = Joi.object({ id: Joi.string().max(100).required() }).label('HelpCategoryId');

const fields = {
  slug,
  name: text(120).min(1).description('English name (the fallback)'),
  description: text(2000).allow(''),
  icon: text(300).allow('').pattern(/^(?!.*\.\.)[A-Za-z0-9_./-]*$/).messages({ 'string.pattern.base': 'icon must be a relative path of letters, digits, _ . / -' }),
  sort_order: Joi.number().integer().min(-1_000_000).max(1_000_000),
  is_active: Joi.boolean(),
  translations: translationsIn,
};

export const HelpCategoryCreateIn = Joi.object({ ...fields, slug: fields.slug.required(), name: fields.name.required() }).label('HelpCategoryCreateIn');
export const HelpCategoryPatchIn = Joi.object(fields).min(1).label('HelpCategoryPatchIn');
