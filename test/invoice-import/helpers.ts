// Shared steps of the invoice import tests: a user with a stock tree, uploads.
import type { Server } from '@hapi/hapi';
import { buildUser, type TestUser } from '../factories/users.js';
import { buildTree, selfScope, type Headers, type Tree } from '../factories/inventory.js';
import { callApi } from '../helpers/http.js';
import { multipart } from '../factories/images.js';

export interface Owner {
  user: TestUser;
  headers: Headers;
  tree: Tree;
}

export async function owner(server: Server): Promise<Owner> {
  const user = await buildUser(server);
  const headers = selfScope(user);
  return { user, headers, tree: await buildTree(server, user, headers) };
}

export async function upload(server: Server, headers: Headers, file: { filename: string; data: Buffer; contentType?: string } | null, fields: Record<string, string | number> = {}) {
  const m = multipart({ ...(file ? { document: file } : {}), ...fields });
  return callApi(server, 'POST', '/api/invoice-import/preview/', { ...headers, ...m.headers }, m.payload);
}

/** Preview into the owner's first box. */
export function preview(server: Server, o: Owner, file: { filename: string; data: Buffer }, family = 'Imported goods') {
  return upload(server, o.headers, file, { inventory_id: o.tree.inventory.id, storage_box_id: o.tree.box.id, product_family_name: family });
}

export const bulkStore = (server: Server, headers: Headers, body: unknown) => callApi(server, 'POST', '/api/invoice-import/bulk-store/', headers, body);

/** The preview's own prefilled lines, as a bulk-store request. */
export function linesOf(previewBody: { lines: Record<string, unknown>[] }) {
  return previewBody.lines.map((l) => ({
    line_number: l.line_number,
    product_id: l.product_id,
    product_name: l.product_name,
    selected_quantity: l.selected_quantity ?? '1',
    inventory_id: l.inventory_id,
    storage_box_id: l.storage_box_id,
  }));
}

/** Everything stock-related a scope has, to show that nothing changed. */
export async function stockSnapshot(server: Server, userId: string) {
  const { knex } = server.app.platform;
  const items = await knex('inventory_items').where({ owner_id: userId }).orderBy('id').select('id', 'product_id', 'storage_box_id', 'quantity');
  const [{ tx }] = await knex('inventory_transactions').where({ owner_id: userId }).count({ tx: '*' });
  const [{ products }] = await knex('products').where({ owner_id: userId }).count({ products: '*' });
  const [{ families }] = await knex('product_families').where({ owner_id: userId }).count({ families: '*' });
  return { items, transactions: Number(tx), products: Number(products), families: Number(families) };
}
