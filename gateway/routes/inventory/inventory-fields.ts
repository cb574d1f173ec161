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

/**
 * Where a stocked row lives, with the denormalised names other parts of the spec use:
 * inventory, storage and storage box, each an id and a name. `required` for shapes
 * that always carry them; `ids`/`names` say what an unknown location reads as.
 */
export function locationOf(opts: { required?: boolean; ids?: null; names?: null | '' } = {}) {
  const mark = <S extends Joi.Schema>(schema: S): S => (opts.required ? (schema.required() as S) : schema);
  const idField = () => mark(opts.ids === null ? Joi.number().integer().allow(null) : Joi.number().integer());
  const nameField = () => mark(opts.names === undefined ? Joi.string() : Joi.string().allow(opts.names));
  return {
    inventory_id: idField(),
    inventory_name: nameField(),
    storage_id: idField(),
    storage_name: nameField(),
    storage_box_id: idField(),
    storage_box_name: nameField(),
  };
}

export const locationFields = locationOf();

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
