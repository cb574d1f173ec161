// FAQ articles: what the AI support chat answers from.
import Joi from 'joi';

export const slug = Joi.string().trim().lowercase().pattern(/^[a-z0-9][a-z0-9-]{0,148}$/).messages({ 'string.pattern.base': 'slug must be lower-case letters, digits and hyphens' });
export const language = Joi.string().trim().lowercase().pattern(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/).max(16).messages({ 'string.pattern.base': 'language must be a language code such as en or de' });
export const articleIdParam = Joi.object({ id: Joi.number().integer().positive().max(2147483647).required() });

export const FaqArticleOut = Joi.object({
  id: Joi.number().integer().required(),
  slug: Joi.string().required().description('shared by the translations of one article'),
  title: Joi.string().required(),
  body: Joi.string().allow('').required().description('plain text; paragraphs separated by blank lines, steps numbered "1."'),
  language: Joi.string().required(),
  help_category_id: Joi.string().guid().allow(null).required(),
  help_category_slug: Joi.string().allow(null).required(),
  is_published: Joi.boolean().required(),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
}).label('FaqArticle');

export const FaqArticleFields = {
  slug,
  title: Joi.string().trim().min(1).max(300),
  body: Joi.string().max(50_000).allow(''),
  language,
  help_category_id: Joi.string().guid().allow(null),
  is_published: Joi.boolean(),
};
