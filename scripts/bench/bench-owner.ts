// A user for an invoice benchmark, made the way a client would be: a verified row,
// a login through the API, and an inventory with one storage and one box to receive into.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../../jobs/runtime/secrets.js';

export interface BenchOwner {
  id: string;
  headers: { authorization: string };
  inventory: any;
  box: any;
}

/** `base` is the running web process, `scryptCost` its PASSWORD_SCRYPT_COST. */
export async function benchOwner(knex: Knex, base: string, scryptCost: number): Promise<BenchOwner> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const [row] = await knex('users').insert({ email, password_hash: await hashPassword('bench-password-1', scryptCost), email_verified_at: new Date() }).returning('id');
  await knex('profiles').insert({ user_id: row.id });
  const login: any = await (await fetch(`${base}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) })).json();
  const headers = { authorization: `Bearer ${login.access}` };
  const post = async (path: string, body: unknown): Promise<any> => (await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const inventory = await post('/api/inventories/', { name: 'Bench' });
  const storage = await post('/api/storages/', { inventory_id: inventory.id, name: 'Shelf' });
  const box = await post('/api/storage-boxes/', { storage_id: storage.id, name: 'Box' });
  return { id: row.id as string, headers, inventory, box };
}
