// Payloads of the in-house engine's client calls (the spec leaves them to us).
import Joi from 'joi';
import { DOCUMENT_TYPES } from '../../services/inhouse-service.js';

export const isoDay = Joi.string()
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .custom((v: string, helpers) => {
    const d = new Date(`${v}T00:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? helpers.error('any.invalid') : v;
  })
  .messages({ 'string.pattern.base': '{{#label}} must be a date YYYY-MM-DD', 'any.invalid': '{{#label}} is not a real date' });

const country = Joi.string().uppercase().pattern(/^[A-Z]{2,3}$/).messages({ 'string.pattern.base': '{{#label}} must be an ISO 3166 alpha-2 or alpha-3 code' });

export const DocumentIn = Joi.object({
  document_type: Joi.string().uppercase().valid(...DOCUMENT_TYPES).required(),
  issuing_country: country.required(),
  document_number: Joi.string().trim().pattern(/^[A-Za-z0-9 <-]{3,30}$/).required().messages({ 'string.pattern.base': 'document_number must be 3-30 letters and digits' }),
  expiry_date: isoDay.required(),
  mrz: Joi.string().trim().max(200).allow('').description('the machine-readable zone, lines separated by newlines (ICAO 9303 TD1, TD2 or TD3)'),
  front: Joi.binary().required().description('front image (JPEG, PNG, WebP or PDF, at most 5 MiB)'),
  back: Joi.binary().description('back image; required for two-sided documents (ID_CARD, DRIVERS, RESIDENCE_PERMIT)'),
}).label('InhouseDocumentIn');

export const PersonalDataIn = Joi.object({
  first_name: Joi.string().trim().min(1).max(100).required(),
  last_name: Joi.string().trim().min(1).max(100).required(),
  middle_name: Joi.string().trim().max(100).allow(''),
  date_of_birth: isoDay.required(),
  nationality: country.required(),
  country_of_residence: country,
  place_of_birth: Joi.string().trim().max(200).allow(''),
  phone: Joi.string().trim().max(32).allow(''),
  address: Joi.object({
    street: Joi.string().trim().max(200).allow(''),
    city: Joi.string().trim().max(100).allow(''),
    postal_code: Joi.string().trim().max(20).allow(''),
    country,
  }).label('InhouseAddressIn'),
}).label('InhousePersonalDataIn');
