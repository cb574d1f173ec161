// Inventory factories: a stock tree (inventory -> storage -> box) built through the
// API, products inserted directly (products have their own area and tests), and
// scope headers for self or team scope.
import { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { TestUser } from './users.js';

import { callApi, type Headers } from '../helpers/http.js';

export type { Headers };

export const selfScope = (u: TestUser): Headers => ({ ...u.auth });
export const teamScope = (u: TestUser, teamId: number): Headers => ({ ...u.auth, 'x-profile-type': 'team', 'x-team-id': String(teamId) });
const tag = () => randomBytes(4).toString('hex');

/** POST that must succeed; throws with the body otherwise. */
export async function created(server: Server, url: string, headers: Headers, payload: unknown) {
  const r = await callApi(server, 'POST', url, headers, payload);
  if (r.status !== 201) throw new Error(`POST ${url} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A team owned by `owner`, with `members` invited and accepting. */
export async function buildTeam(server: Server, owner: TestUser, members: TestUser[] = []): Promise<number> {
  const team = await created(server, '/api/teams/', owner.auth, { name: `Team ${tag()}` });
  for (const m of members) await joinTeam(server, owner, m, team.id);
  return team.id;
}

/** `owner` invites `member` to the team, and `member` accepts. */
export async function joinTeam(server: Server, owner: TestUser, member: TestUser, teamId: number): Promise<void> {
  const invited = await callApi(server, 'POST', `/api/teams/${teamId}/add-member/`, owner.auth, { user_id: member.id });
  if (invited.status !== 202) throw new Error(`add-member -> ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await callApi(server, 'POST', `/api/teams/invitations/${invited.body.invitation.id}/accept/`, member.auth);
  if (accepted.status !== 200) throw new Error(`accept -> ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** A product in the scope of `headers` (self: owner_id, team: team_id), inserted directly. */
export async function buildProduct(server: Server, scope: { userId: string; teamId?: number | null }, overrides: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = (overrides.name as string) ?? `Product ${tag()}`;
  const [row] = await server.app.platform
    .knex('products')
    .insert({ name, base_unit: 'pcs', ...overrides, owner_id: scope.teamId ? null : scope.userId, team_id: scope.teamId ?? null, created_by: scope.userId })
    .returning(['id', 'name']);
  return row;
}

export interface Tree {
  inventory: any;
  storage: any;
  box: any;
  box2: any;
  product: { id: number; name: string };
}

/** inventory -> storage -> two boxes, plus a product, all in one scope. */
export async function buildTree(server: Server, user: TestUser, headers: Headers, teamId: number | null = null): Promise<Tree> {
  const inventory = await created(server, '/api/inventories/', headers, { name: `Inv ${tag()}` });
  const storage = await created(server, '/api/storages/', headers, { inventory_id: inventory.id, name: `Shelf ${tag()}`, kind: 'shelf' });
  const box = await created(server, '/api/storage-boxes/', headers, { storage_id: storage.id, name: `Box A ${tag()}` });
  const box2 = await created(server, '/api/storage-boxes/', headers, { storage_id: storage.id, name: `Box B ${tag()}` });
  const product = await buildProduct(server, { userId: user.id, teamId });
  return { inventory, storage, box, box2, product };
}

/** An item with stock (recorded as a receive transaction). */
export async function buildItem(server: Server, headers: Headers, tree: Tree, quantity: number, extra: Record<string, unknown> = {}) {
  return created(server, '/api/inventory-items/', headers, { storage_box_id: tree.box.id, product_id: tree.product.id, quantity, ...extra });
}
