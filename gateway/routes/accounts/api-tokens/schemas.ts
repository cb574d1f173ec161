import Joi from 'joi';

export const ApiTokenOut = Joi.object({
  id: Joi.number().integer(),
  name: Joi.string(),
  token_prefix: Joi.string().description('the first characters of the token, to recognise it'),
  created_at: Joi.string().isoDate(),
  expires_at: Joi.string().isoDate().allow(null).description('null: valid until revoked'),
  last_used_at: Joi.string().isoDate().allow(null),
  expired: Joi.boolean(),
}).label('ApiToken');

export const ApiTokenCreated = ApiTokenOut.keys({
  token: Joi.string().required().description('the token itself, shown only in this answer: send it as "Authorization: Bearer <token>"'),
}).label('ApiTokenCreated');
