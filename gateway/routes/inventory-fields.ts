// Joi pieces shared by the inventory collections' schemas (each collection declares
// its own shapes in gateway/routes/<collection>/collection.ts).
import Joi from 'joi';

/** Scope and bookkeeping fields of every scoped read shape. */
export const scopeFields = {
  profile_type: Joi.string().valid('self', 'team', 'system').description('the scope the row belongs to; system = seeded, read-only'),
  team_id: Joi.number().integer().allow(null),
  created_by: Joi.string().guid().allow(null),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
};

/** Where a stocked row lives, with the denormalised names other parts of the spec use. */
export const locationFields = {
  inventory_id: Joi.number().integer(),
  inventory_name: Joi.string(),
  storage_id: Joi.number().integer(),
  storage_name: Joi.string(),
  storage_box_id: Joi.number().integer(),
  storage_box_name: Joi.string(),
};

export const name = (max: number) => Joi.string().trim().min(1).max(max);
export const text = Joi.string().allow('').max(5000);
export const nullableId = Joi.number().integer().positive().max(2147483647).allow(null);
export const quantity = Joi.number().integer().strict(false).min(0).max(1_000_000_000);
export const ymd = Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/).messages({ 'string.pattern.base': '{{#label}} must be a date YYYY-MM-DD' });

/** Requires at least one field in a PATCH body. */
export const patchOf = (schema: Joi.ObjectSchema, label: string) => {
  const keys = (schema.describe().keys ?? {}) as Record<string, { flags?: { presence?: string } }>;
  const required = Object.keys(keys).filter((k) => keys[k].flags?.presence === 'required');
  return schema.fork(required, (s) => s.optional()).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label(label);
};
