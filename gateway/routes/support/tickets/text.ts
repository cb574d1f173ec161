// Text fields of the support area: trimmed, bounded, and without NUL characters
// (PostgreSQL text cannot hold them; refusing them here keeps bad input a 400).
import Joi from 'joi';

export const text = (max: number) =>
  Joi.string()
    .trim()
    .max(max)
    .pattern(/^[^\u0000]*$/)
    .messages({ 'string.pattern.base': '{{#label}} must not contain NUL characters' });

export const slug = Joi.string().trim().lowercase().pattern(/^[a-z0-9][a-z0-9_-]{0,49}$/).messages({ 'string.pattern.base': '{{#label}} must be lower-case letters, digits, _ or - (at most 50)' });

/** {"de": {"name": "...", "description": "..."}}: lower-case language codes. */
export const translationsIn = Joi.object()
  .pattern(
    Joi.string().pattern(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/).messages({ 'string.pattern.base': 'translation keys are lower-case language codes such as de or pt-br' }),
    Joi.object({ name: text(120).min(1), description: text(2000).allow('') }).label('Translation'),
  )
  .max(50)
  .description('translations by lower-case language code: {"de": {"name", "description"}}')
  .label('Translations');

export const translationsOut = Joi.object().pattern(Joi.string(), Joi.object({ name: Joi.string(), description: Joi.string().allow('') }).unknown(true)).label('TranslationsOut');

export const includeInactive = Joi.boolean().default(false).description('staff only: list inactive rows too, with their translations (ignored for other callers)');
