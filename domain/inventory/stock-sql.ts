// The set-based statements of the stock ledger (stock-ledger.ts decides, these only
// read and write). Every statement takes arrays (unnest) so its cost in round trips
// is the same for one row or ten thousand, and every lock is taken in item-id order
// so two ledger writers never wait on each other in a cycle.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import { inScope, scopeOnly } from '../shared/scoped-rows.js';
import { AUDIT_LOG_TABLE, type AuditRow } from '../audit/audit-service.js';
import { MAX_QUANTITY } from './stock-lines.js';

export type Trx = Knex.Transaction;

/** An item's identity: one row per product/variant/lot/serial in a box. */
export interface ItemIdentity {
  storage_box_id: number;
  product_id: number;
  variant_id: number | null;
  lot_number: string;
  serial_number: string;
}

export const identityKey = (i: ItemIdentity) => `${i.storage_box_id}|${i.product_id}|${i.variant_id ?? 0}|${i.lot_number}|${i.serial_number}`;

/** Columns of a locked item plus the names a ledger answer shows. */
export interface LockedItem {
  id: number;
  inventory_id: number;
  storage_box_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
  min_quantity: number;
  unit: string;
  lot_number: string;
  serial_number: string;
  expiry_date: string | null;
  owner_id: string | null;
  team_id: number | null;
  /** names shown in the ledger's answer, read with the lock */
  product_name: string;
  inventory_name: string;
  storage_id: number;
  storage_name: string;
  storage_box_name: string;
}

/** SQLSTATE of inventory_ledger_refuse: the movement broke a rule and wrote nothing. */
const REFUSED = 'LDG01';

/** One change of an existing item: a signed delta, or (an adjust by count) the counted quantity. */
export interface ItemChange {
  id: number;
  delta?: number;
  counted?: number;
}

export interface Movement {
  transactionId: number;
  createdAt: Date;
  /** the items found in the scope, locked, as they were before the change */
  items: Map<number, LockedItem>;
  /** the legs written, in item-id order */
  legs: LegRow[];
}

/** A movement the statement refused (an item missing, a quantity rule broken): the items it found, nothing written. */
export interface RefusedMovement {
  refused: Map<number, RefusedItem>;
}

export type RefusedItem = Pick<LockedItem, 'id' | 'quantity' | 'unit' | 'serial_number'>;

/**
 * Records a movement of existing items in ONE statement: inserts the transaction row
 * (first, so a racing duplicate Idempotency-Key fails before any lock is taken), locks
 * the scope's items (SELECT ... FOR UPDATE in id order, the deadlock rule) and, only
 * when every item was found and every quantity stays in 0..max (a serialised item at
 * most 1), applies the changes, writes the legs and the audit entry (`audit`, with the
 * legs and their summary added here). Otherwise the statement ends in an error
 * (inventory_ledger_refuse, the ledger_refusal migration), so nothing of it stays,
 * and the items it found come back as `refused` for the caller to name the rule. Being
 * atomic on its own, it needs no explicit transaction (`db` may be the knex itself):
 * one round trip where lock, apply, audit and commit took five.
 */
export async function recordMovement(db: Knex | Trx, scope: Scope, actorId: string | null, header: TransactionHeader, changes: ItemChange[], audit: AuditRow): Promise<Movement | RefusedMovement> {
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  const { owner_id, team_id } = scopeOnly(scope);
  const row = [header.kind, header.reference, header.note, header.idempotency_key, header.request_fingerprint, header.source_type, header.source_id, owner_id, team_id, actorId];
  const sql = scope.type === 'team' ? MOVEMENT_SQL.team : MOVEMENT_SQL.self;
  const { rows, refused } = await db.raw(
    sql,
    [
      ...row, sorted.map((c) => c.id), scope.type === 'team' ? scope.teamId! : scope.userId,
      sorted.map((c) => c.id), sorted.map((c) => c.delta ?? null), sorted.map((c) => c.counted ?? null), sorted.length, MAX_QUANTITY,
      audit.actor_id, audit.profile_type, audit.team_id, audit.action, audit.entity_type, audit.changes, audit.ip,
    ] as Knex.RawBinding[] as never,
  ).catch((err: { code?: string; detail?: string }) => {
    if (err?.code !== REFUSED) throw err;
    return { rows: null, refused: JSON.parse(err.detail ?? '[]') as RefusedItem[] };
  });
  if (!rows) return { refused: new Map((refused as RefusedItem[]).map((i) => [i.id, i])) };
  const found = rows.filter((r: Record<string, unknown>) => r.id != null);
  return {
    transactionId: Number(rows[0].transaction_id),
    createdAt: rows[0].transaction_created_at,
    items: new Map(found.map((r: LockedItem) => [r.id, r])),
    legs: found.filter((r: Record<string, unknown>) => r.leg_id != null).map((r: Record<string, any>) => ({
      id: r.leg_id, item_id: r.id, delta: r.leg_delta, quantity_before: r.leg_quantity_before, quantity_after: r.leg_quantity_after,
    })),
  };
}

/** Locks the items that already hold these identities, in id order, before an upsert touches them. */
export async function lockIdentities(trx: Trx, identities: ItemIdentity[]): Promise<void> {
  if (!identities.length) return;
  await trx.raw(
    `SELECT i.id FROM inventory_items i
       JOIN unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[]) AS k(box, product, variant, lot, serial)
         ON i.storage_box_id = k.box AND i.product_id = k.product AND coalesce(i.variant_id, 0) = k.variant
        AND i.lot_number = k.lot AND i.serial_number = k.serial
      ORDER BY i.id FOR UPDATE OF i`,
    [
      identities.map((i) => i.storage_box_id),
      identities.map((i) => i.product_id),
      identities.map((i) => i.variant_id ?? 0),
      identities.map((i) => i.lot_number),
      identities.map((i) => i.serial_number),
    ],
  );
}

export interface UpsertRow extends ItemIdentity {
  inventory_id: number;
  quantity: number;
  unit: string;
  min_quantity: number;
  expiry_date: string | null;
  notes: string;
}

export interface UpsertedItem extends ItemIdentity {
  id: number;
  quantity: number;
  min_quantity: number;
  expiry_date: string | null;
  inserted: boolean;
}

/**
 * Creates missing items and increases existing ones in one statement. An existing
 * item keeps its unit, minimum and notes; it takes the incoming expiry date only
 * when it has none.
 */
export async function upsertItems(trx: Trx, scope: Scope, actorId: string | null, rows: UpsertRow[]): Promise<UpsertedItem[]> {
  if (!rows.length) return [];
  const col = <K extends keyof UpsertRow>(k: K) => rows.map((r) => r[k]);
  const { rows: out } = await trx.raw(
    `INSERT INTO inventory_items (inventory_id, storage_box_id, product_id, variant_id, quantity, unit, min_quantity, lot_number, serial_number, expiry_date, notes, owner_id, team_id, created_by)
     SELECT u.inventory_id, u.storage_box_id, u.product_id, u.variant_id, u.quantity, u.unit, u.min_quantity, u.lot_number, u.serial_number, u.expiry_date, u.notes, ?::uuid, ?::int, ?::uuid
       FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::int[], ?::text[], ?::text[], ?::date[], ?::text[])
         AS u(inventory_id, storage_box_id, product_id, variant_id, quantity, unit, min_quantity, lot_number, serial_number, expiry_date, notes)
     ON CONFLICT (storage_box_id, product_id, (coalesce(variant_id, 0)), lot_number, serial_number)
     DO UPDATE SET quantity = inventory_items.quantity + EXCLUDED.quantity,
                   expiry_date = coalesce(inventory_items.expiry_date, EXCLUDED.expiry_date),
                   updated_at = now()
     RETURNING id, storage_box_id, product_id, variant_id, lot_number, serial_number, quantity, min_quantity,
               to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, (xmax = 0) AS inserted`,
    // unnest() arrays: a fixed number of bindings for any number of rows
    [
      scope.type === 'self' ? scope.userId : null,
      scope.type === 'team' ? scope.teamId : null,
      actorId,
      col('inventory_id'), col('storage_box_id'), col('product_id'), col('variant_id'), col('quantity'), col('unit'),
      col('min_quantity'), col('lot_number'), col('serial_number'), col('expiry_date'), col('notes'),
    ] as Knex.RawBinding[] as never,
  );
  return out as UpsertedItem[];
}

export interface LegRow {
  /** the leg's own id, once written */
  id?: number;
  item_id: number;
  delta: number;
  quantity_before: number;
  quantity_after: number;
}

/** Inserts the legs of one ledger transaction in one statement. */
export async function insertLegs(trx: Trx, transactionId: number | string, legs: LegRow[]): Promise<void> {
  if (!legs.length) return;
  await trx.raw(
    `INSERT INTO inventory_transaction_legs (transaction_id, item_id, delta, quantity_before, quantity_after)
     SELECT ?::bigint, l.item_id, l.delta, l.before, l.after
       FROM unnest(?::int[], ?::int[], ?::int[], ?::int[]) AS l(item_id, delta, before, after)`,
    [transactionId, legs.map((l) => l.item_id), legs.map((l) => l.delta), legs.map((l) => l.quantity_before), legs.map((l) => l.quantity_after)],
  );
}

export interface TransactionHeader {
  kind: string;
  reference: string;
  note: string;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  source_type: string | null;
  source_id: string | null;
}

export async function insertTransaction(trx: Trx, scope: Scope, actorId: string | null, header: TransactionHeader): Promise<number> {
  const [row] = await trx('inventory_transactions')
    .insert({
      ...header,
      owner_id: scope.type === 'self' ? scope.userId : null,
      team_id: scope.type === 'team' ? scope.teamId : null,
      created_by: actorId,
    })
    .returning('id');
  return Number(row.id);
}

/** An existing transaction of the scope recorded with this Idempotency-Key. */
export async function findByIdempotencyKey(db: Knex | Trx, scope: Scope, key: string): Promise<{ id: number; request_fingerprint: string | null } | undefined> {
  const row = await inScope(db('inventory_transactions').where('idempotency_key', key), scope).first('id', 'request_fingerprint');
  return row ? { id: Number(row.id), request_fingerprint: row.request_fingerprint } : undefined;
}

/** The statement of recordMovement, its text built once per kind of scope (the insert's columns in `row`'s order). */
function movementSql(inScopeSql: string): string {
  const insertSql = `INSERT INTO inventory_transactions (kind, reference, note, idempotency_key, request_fingerprint, source_type, source_id, owner_id, team_id, created_by)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`;
  return (
    `WITH t AS (${insertSql}),
          -- joined to t so the row is inserted before any item is locked
          locked AS (SELECT i.id, i.inventory_id, i.storage_box_id, i.product_id, i.variant_id, i.quantity, i.min_quantity, i.unit, i.lot_number,
                            i.serial_number, i.expiry_date, i.owner_id, i.team_id, p.name AS product_name, v.name AS inventory_name,
                            b.storage_id, s.name AS storage_name, b.name AS storage_box_name
                       FROM t JOIN inventory_items i ON i.id = ANY(?::int[]) AND ${inScopeSql}
                       JOIN products p ON p.id = i.product_id
                       JOIN storage_boxes b ON b.id = i.storage_box_id
                       JOIN storages s ON s.id = b.storage_id
                       JOIN inventories v ON v.id = i.inventory_id
                      ORDER BY i.id FOR UPDATE OF i),
          d AS (SELECT l.id, coalesce(c.delta, c.counted - l.quantity) AS delta, l.quantity, l.serial_number
                  FROM locked l JOIN unnest(?::int[], ?::int[], ?::int[]) AS c(id, delta, counted) ON c.id = l.id),
          ok AS (SELECT count(*) = ? AND coalesce(bool_and(d.quantity + d.delta BETWEEN 0 AND ? AND (d.serial_number = '' OR d.quantity + d.delta <= 1)), false) AS ok FROM d),
          upd AS (UPDATE inventory_items i SET quantity = i.quantity + d.delta, updated_at = now() FROM d, ok WHERE ok.ok AND i.id = d.id RETURNING i.id, i.quantity),
          legs AS (INSERT INTO inventory_transaction_legs (transaction_id, item_id, delta, quantity_before, quantity_after)
                   SELECT t.id, upd.id, d.delta, upd.quantity - d.delta, upd.quantity FROM t, upd JOIN d ON d.id = upd.id ORDER BY upd.id
                   RETURNING id, item_id, delta, quantity_before, quantity_after),
          audit AS (INSERT INTO ${AUDIT_LOG_TABLE} (actor_id, profile_type, team_id, action, entity_type, entity_id, summary, changes, ip)
                    SELECT ?::uuid, ?, ?::int, ?, ?, t.id::text,
                           left(string_agg(format('item %s: %s → %s', legs.item_id, legs.quantity_before, legs.quantity_after), '; ' ORDER BY legs.item_id), 500),
                           ?::jsonb || jsonb_build_object('legs', jsonb_agg(jsonb_build_object('id', legs.id::text, 'item_id', legs.item_id, 'delta', legs.delta,
                             'quantity_before', legs.quantity_before, 'quantity_after', legs.quantity_after) ORDER BY legs.item_id)),
                           ?
                      FROM t JOIN legs ON true GROUP BY t.id)
     SELECT t.id AS transaction_id, t.created_at AS transaction_created_at, locked.*,
            legs.id AS leg_id, legs.delta AS leg_delta, legs.quantity_before AS leg_quantity_before, legs.quantity_after AS leg_quantity_after,
            (SELECT inventory_ledger_refuse((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'quantity', r.quantity, 'unit', r.unit, 'serial_number', r.serial_number)) FROM locked r))
               FROM ok WHERE NOT ok.ok) AS refused
       FROM t LEFT JOIN locked ON true LEFT JOIN legs ON legs.item_id = locked.id ORDER BY locked.id`
  );
}

const MOVEMENT_SQL = { self: movementSql('i.owner_id = ? AND i.team_id IS NULL'), team: movementSql('i.team_id = ?') };
