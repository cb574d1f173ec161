// buildUser(): a unique, verified user inserted directly, logged in through the API.
import { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import { hashPassword } from '../../jobs/runtime/secrets.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  auth: { authorization: string };
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(6).toString('hex')}@example.test`;

export async function buildUser(server: Server, overrides: { email?: string; password?: string; is_staff?: boolean; verified?: boolean; first_name?: string } = {}): Promise<TestUser> {
  const { knex, config } = server.app.platform;
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'Str0ng-Passw0rd!';
  const [row] = await knex('users')
    .insert({
      email,
      password_hash: await hashPassword(password, config.passwordScryptCost),
      first_name: overrides.first_name ?? 'Test',
      last_name: 'User',
      is_staff: overrides.is_staff ?? false,
      email_verified_at: overrides.verified === false ? null : new Date(),
    })
    .returning('id');
  await knex('profiles').insert({ user_id: row.id });
  if (overrides.verified === false) return { id: row.id, email, password, access: '', refresh: '', auth: { authorization: '' } };
  const res = await server.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed in factory: ${res.payload}`);
  const body = res.result as { access: string; refresh: string };
  return { id: row.id, email, password, access: body.access, refresh: body.refresh, auth: { authorization: `Bearer ${body.access}` } };
}
