// The reports fixture: two inventories, three products of two suppliers, four items
// with unit costs, minimums, targets and expiry dates, and a few ledger movements —
// small enough to compute every figure by hand (see the comments in the tests).
import type { Server } from '@hapi/hapi';
import type { TestUser } from './users.js';
import { buildProduct, created, type Headers } from './inventory.js';
import { callApi } from '../helpers/http.js';
import { waitFor } from '../helpers/wait.js';
import { randomBytes } from 'node:crypto';

const tag = () => randomBytes(3).toString('hex');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface ReportFixture {
  inv1: any;
  inv2: any;
  box1: any;
  box2: any;
  p1: { id: number; name: string };
  p2: { id: number; name: string };
  p3: { id: number; name: string };
  i1: any;
  i2: any;
  i3: any;
  i4: any;
}

/**
 * i1: p1 in inv1, 10 received, 4 consumed → 6 × 2.50 = 15.00 (min 5, target 20: not low)
 * i2: p2 in inv1, 3 received, adjusted +1 → 4 × 4.00 = 16.00 (min 5, target 12: low, order 8 = 32.00)
 * i3: p3 in inv2, 1 received → 1 × 10.00 = 10.00 (min 2, no target: low, order 1 = 10.00), expires in 5 days
 * i4: p1 in inv2 (lot L2), 4 received → 4 × 1.25 = 5.00, expired yesterday
 * Ledger: 4 receives (18 in), one consume (4 out), one adjust (+1 in): 19 in, 4 out, 6 transactions.
 */
export async function buildReportFixture(server: Server, user: TestUser, headers: Headers, teamId: number | null = null): Promise<ReportFixture> {
  const inv1 = await created(server, '/api/inventories/', headers, { name: `Main ${tag()}` });
  const inv2 = await created(server, '/api/inventories/', headers, { name: `Annex ${tag()}` });
  const s1 = await created(server, '/api/storages/', headers, { inventory_id: inv1.id, name: 'Shelf 1' });
  const s2 = await created(server, '/api/storages/', headers, { inventory_id: inv2.id, name: 'Shelf 2' });
  const box1 = await created(server, '/api/storage-boxes/', headers, { storage_id: s1.id, name: 'Box 1' });
  const box2 = await created(server, '/api/storage-boxes/', headers, { storage_id: s2.id, name: 'Box 2' });
  const scope = { userId: user.id, teamId };
  const p1 = await buildProduct(server, scope, { name: `Bolts ${tag()}`, supplier: 'Acme' });
  const p2 = await buildProduct(server, scope, { name: `Nuts ${tag()}`, supplier: 'Bolt & Co' });
  const p3 = await buildProduct(server, scope, { name: `Glue ${tag()}`, supplier: 'Acme' });
  const i1 = await created(server, '/api/inventory-items/', headers, { storage_box_id: box1.id, product_id: p1.id, quantity: 10, unit_cost: 2.5, min_quantity: 5, target_quantity: 20 });
  const i2 = await created(server, '/api/inventory-items/', headers, { storage_box_id: box1.id, product_id: p2.id, quantity: 3, unit_cost: 4, min_quantity: 5, target_quantity: 12 });
  const i3 = await created(server, '/api/inventory-items/', headers, { storage_box_id: box2.id, product_id: p3.id, quantity: 1, unit_cost: 10, min_quantity: 2, expiry_date: day(5) });
  const i4 = await created(server, '/api/inventory-items/', headers, { storage_box_id: box2.id, product_id: p1.id, quantity: 4, unit_cost: 1.25, lot_number: 'L2', expiry_date: day(-1) });
  for (const body of [{ kind: 'consume', item_id: i1.id, quantity: 4 }, { kind: 'adjust', item_id: i2.id, delta: 1 }]) {
    const r = await callApi(server, 'POST', '/api/inventory-transactions/', headers, body);
    if (r.status !== 201) throw new Error(`ledger ${JSON.stringify(body)} -> ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { inv1, inv2, box1, box2, p1, p2, p3, i1, i2, i3, i4 };
}

/** Polls a report until it is completed or failed. */
export function waitForReport(server: Server, headers: Headers, id: number, timeoutMs = 30_000): Promise<any> {
  return waitFor(async () => {
    const r = await callApi(server, 'GET', `/api/reports/${id}/`, headers);
    return r.body?.status === 'completed' || r.body?.status === 'failed' ? r.body : null;
  }, { timeoutMs, message: `report ${id} finished` });
}
