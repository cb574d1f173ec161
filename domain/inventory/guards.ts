// Refusals shared by the containers of stock (inventory, storage, box): a container
// that still holds stock cannot be deleted, because deleting it would delete the
// stock and its ledger history with it; empty it with consume/move transactions.
import type { Knex } from 'knex';
import { Conflict } from '../../jobs/runtime/errors.js';
import { InventoryItem } from '../../db/models/index.js';

export async function refuseWhileStocked(trx: Knex.Transaction, column: 'inventory_id' | 'storage_box_id' | 'storage_id', id: number, what: string): Promise<void> {
  const q = InventoryItem.query(trx).alias('i').where('i.quantity', '>', 0);
  if (column === 'storage_id') q.join('storage_boxes as b', 'b.id', 'i.storage_box_id').where('b.storage_id', id);
  else q.where(`i.${column}`, id);
  const row = (await q.select(trx.raw('count(*)::int as items'), trx.raw('coalesce(sum(i.quantity), 0)::bigint as quantity')).first()) as unknown as { items: number; quantity: number } | undefined;
  if (row && row.items > 0) {
    throw new Conflict(`${what} still holds stock (${row.items} item(s), ${row.quantity} unit(s)); consume or move it first.`, 'not_empty', { items: row.items, quantity: Number(row.quantity) });
  }
}
