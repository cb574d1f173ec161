import Joi from 'joi';
import type { ServerRoute, Request } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

const ProfileOut = Joi.object({
  id: Joi.string().guid(),
  user_id: Joi.string().guid(),
  email: Joi.string(),
  first_name: Joi.string().allow(''),
  last_name: Joi.string().allow(''),
  full_name: Joi.string().allow(''),
  phone: Joi.string().allow(''),
  company: Joi.string().allow(''),
  job_title: Joi.string().allow(''),
  bio: Joi.string().allow(''),
  language: Joi.string(),
  timezone: Joi.string(),
  country: Joi.string().allow(''),
  preferences: Joi.object().unknown(true),
  is_verified: Joi.boolean(),
  is_staff: Joi.boolean(),
  team_id: Joi.number().integer().allow(null),
  team_role: Joi.string().allow(null),
  kyc_status: Joi.string(),
  kyc_verified: Joi.boolean(),
  date_joined: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('Profile');

/** Client settings, not a document store. */
const MAX_PREFERENCES_CHARS = 16 * 1024;

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Codes CLDR names that are not ISO 3166-1 countries (groupings, exceptional reservations, "unknown"). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'UK', 'ZZ', 'QO']);
/** An ISO 3166-1 alpha-2 code as CLDR (through Intl) knows it, and Kosovo's XK in common use. */
function isCountry(code: string): boolean {
  const c = code.toUpperCase();
  return !NOT_COUNTRIES.has(c) && regions.of(c) !== undefined;
}

const fields = {
  first_name: Joi.string().trim().max(150).allow(''),
  last_name: Joi.string().trim().max(150).allow(''),
  phone: Joi.string().trim().max(32).pattern(/^[+0-9 ()\-.]*$/).allow('').messages({ 'string.pattern.base': 'phone may hold digits, spaces, +, -, ., ( and ) only' }),
  company: Joi.string().trim().max(200).allow(''),
  job_title: Joi.string().trim().max(200).allow(''),
  bio: Joi.string().max(2000).allow(''),
  language: Joi.string().trim().pattern(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/).messages({ 'string.pattern.base': 'language must be a language code such as en or pt-BR' }),
  timezone: Joi.string().trim().max(64).custom((v, helpers) => (isTimeZone(v) ? v : helpers.error('any.invalid'))).messages({ 'any.invalid': 'timezone must be an IANA time zone such as Europe/Paris' }),
  country: Joi.string().trim().length(2).pattern(/^[a-zA-Z]{2}$/).custom((v: string, helpers) => (isCountry(v) ? v : helpers.error('any.invalid'))).allow('').messages({ 'any.invalid': 'country must be an ISO 3166-1 alpha-2 code such as DE or GB' }),
  preferences: Joi.object().unknown(true).custom((v, helpers) => (JSON.stringify(v).length <= MAX_PREFERENCES_CHARS ? v : helpers.error('any.invalid'))).messages({ 'any.invalid': `preferences may hold at most ${MAX_PREFERENCES_CHARS / 1024} KiB of JSON` }),
};

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const update = (request: Request) => request.server.app.services.profiles.update(actor(request), request.payload as Record<string, unknown>);

export default [
  {
    method: 'GET',
    path: '/api/profiles/me/',
    options: { tags: ['api', 'profiles'], description: "The caller's profile", response: { status: { 200: ProfileOut } }, plugins: errorDocs(401) },
    handler: (request) => request.server.app.services.profiles.get(actor(request)),
  },
  {
    method: 'PUT',
    path: '/api/profiles/me/',
    options: {
      tags: ['api', 'profiles'],
      description: "Replace the caller's profile (first_name and last_name required)",
      validate: { payload: Joi.object({ ...fields, first_name: fields.first_name.required(), last_name: fields.last_name.required() }).label('ProfilePutIn') },
      response: { status: { 200: ProfileOut } }, plugins: errorDocs(400, 401),
    },
    handler: update,
  },
  {
    method: 'PATCH',
    path: '/api/profiles/me/',
    options: {
      tags: ['api', 'profiles'],
      description: "Change some fields of the caller's profile",
      validate: { payload: Joi.object(fields).min(1).label('ProfilePatchIn') },
      response: { status: { 200: ProfileOut } }, plugins: errorDocs(400, 401),
    },
    handler: update,
  },
] satisfies ServerRoute[];
