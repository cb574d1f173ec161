// The operation style of a nested collection in a product write:
//   {create: [rows], update: {"<id>": {changes}}, delete: [ids]}
// next to the plain array (which creates on a product create and replaces on a
// patch). Every id an operation names must be a row of the parent being written,
// in the caller's scope: another scope's row (or none) is 404, a row of another
// parent in the same scope is 400 foreign_id — it is never moved, changed or deleted.
import type { Knex } from 'knex';
import type { ModelClass } from 'objection';
import type { BaseModel } from '../../db/models/base-model.js';
import { Product, ProductImage, ProductTag, ProductVariant, VariantTag } from '../../db/models/index.js';
import type { Scope } from '../shared/scope.js';
import { DomainError, Invalid } from '../../jobs/runtime/errors.js';
import { inScope, ReferenceNotFound } from '../shared/scoped-rows.js';

export interface NestedOperations<Create, Update> {
  create?: Create[];
  /** row id (as the JSON key, a string of digits) -> changed fields */
  update?: Record<string, Update>;
  delete?: number[];
}

export type NestedWrite<Create, Update> = Create[] | NestedOperations<Create, Update>;

export function isOperations<C, U>(value: NestedWrite<C, U> | undefined): value is NestedOperations<C, U> {
  return value !== undefined && value !== null && !Array.isArray(value);
}

const MAX_ID = 2147483647;

/** The ids of `update` (as numbers) and `delete`, each with the request path that named it; one id in both is 400. */
export function operationIds(ops: NestedOperations<unknown, unknown>, path: string): { updates: { id: number; path: string }[]; deletes: { id: number; path: string }[] } {
  const updates = Object.keys(ops.update ?? {}).map((key) => ({ id: Number(key), path: `${path}.update.${key}` }));
  const deletes = (ops.delete ?? []).map((id, i) => ({ id, path: `${path}.delete.${i}` }));
  const updated = new Set(updates.map((u) => u.id));
  const both = deletes.find((d) => updated.has(d.id));
  if (both) throw new Invalid(`Row ${both.id} is both updated and deleted in ${path}.`, [{ path: both.path, message: 'updated and deleted in one request', type: 'operation.conflict' }], 'conflicting_operations');
  return { updates, deletes };
}

export interface ChildTable {
  model: ModelClass<BaseModel>;
  /** column naming the parent row */
  parentColumn: string;
  /** "Product variant": in messages */
  what: string;
  /** "product": the parent's kind, in messages */
  parentWhat: string;
  /** how the row reaches the scope columns: its own (product_variants) or through a parent row */
  scopeThrough?: { model: ModelClass<BaseModel>; column: string };
}

/**
 * Checks that every id belongs to `parentId` (and so to the scope): one query
 * whatever the number of ids. Unknown or another scope's ids are 404, rows of
 * another parent in the scope are 400 foreign_id; both name the id and its path.
 */
export async function requireChildren(trx: Knex.Transaction, scope: Scope, child: ChildTable, parentId: number, named: { id: number; path: string }[]): Promise<void> {
  if (named.length === 0) return;
  for (const n of named) if (!Number.isInteger(n.id) || n.id <= 0 || n.id > MAX_ID) throw new ReferenceNotFound(n.path, child.what, n.id);
  const ids = [...new Set(named.map((n) => n.id))];
  const q = child.model.query(trx).alias('c').whereIn('c.id', ids).select('c.id', `c.${child.parentColumn} as parent`);
  if (child.scopeThrough) {
    q.join(`${child.scopeThrough.model.tableName} as s`, 's.id', `c.${child.scopeThrough.column}`);
    inScope(q, scope, { table: 's' });
  } else {
    inScope(q, scope, { table: 'c' });
  }
  const rows = (await q) as unknown as { id: number; parent: number }[];
  const parentOf = new Map(rows.map((r) => [Number(r.id), Number(r.parent)]));
  for (const n of named) {
    const parent = parentOf.get(n.id);
    if (parent === undefined) throw new ReferenceNotFound(n.path, child.what, n.id);
    if (parent !== parentId) {
      throw new DomainError('invalid', 'foreign_id', `${child.what} ${n.id} does not belong to this ${child.parentWhat}; only its own rows can be updated or deleted.`, [{ path: n.path, message: `belongs to another ${child.parentWhat}`, type: 'id.foreign', id: n.id } as never]);
    }
  }
}

export const PRODUCT_TAGS: ChildTable = { model: ProductTag, parentColumn: 'product_id', what: 'Product tag', parentWhat: 'product', scopeThrough: { model: Product, column: 'product_id' } };
export const PRODUCT_VARIANTS: ChildTable = { model: ProductVariant, parentColumn: 'product_id', what: 'Product variant', parentWhat: 'product' };
export const VARIANT_TAGS: ChildTable = { model: VariantTag, parentColumn: 'variant_id', what: 'Variant tag', parentWhat: 'variant', scopeThrough: { model: ProductVariant, column: 'variant_id' } };
export const VARIANT_IMAGES: ChildTable = { model: ProductImage, parentColumn: 'variant_id', what: 'Product image', parentWhat: 'variant', scopeThrough: { model: Product, column: 'product_id' } };

/** The next free position among a parent's rows (new rows go last). */
export async function nextPosition(trx: Knex.Transaction, child: ChildTable, parentId: number): Promise<number> {
  const row = (await child.model.query(trx).where(child.parentColumn, parentId).max('position as m').first()) as unknown as { m: number | null } | undefined;
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}
