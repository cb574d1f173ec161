// The caller's profile: account names plus profile details, team and verification.
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { diff } from '../audit/audit-service.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { Profile, User } from '../../db/models/index.js';
import { PROFILE_SQL } from './profile-sql.js';

export const PROFILE_FIELDS = ['phone', 'company', 'job_title', 'bio', 'language', 'timezone', 'country', 'preferences'] as const;
export const USER_FIELDS = ['first_name', 'last_name'] as const;

export class ProfileService {
  constructor(private readonly platform: Platform, private readonly audit: AuditService) {}

  /** One statement (profile-sql.ts) and plain rows: this is read on every app start and screen. */
  async get(actor: Actor) {
    const { rows: [r] } = (await this.platform.knex.raw(PROFILE_SQL, [actor.userId])) as { rows: Record<string, any>[] };
    if (!r) throw new NotFound('Profile');
    return {
      id: r.id as string,
      user_id: r.id as string,
      email: r.email as string,
      first_name: r.first_name as string,
      last_name: r.last_name as string,
      full_name: `${r.first_name} ${r.last_name}`.trim(),
      phone: r.phone as string,
      company: r.company as string,
      job_title: r.job_title as string,
      bio: r.bio as string,
      language: r.language as string,
      timezone: r.timezone as string,
      country: r.country as string,
      preferences: r.preferences as Record<string, unknown>,
      is_verified: r.email_verified_at != null,
      is_staff: r.is_staff as boolean,
      team_id: (r.team_id ?? null) as number | null,
      team_role: (r.team_role ?? null) as string | null,
      kyc_status: (r.kyc_status ?? 'not_started') as string,
      kyc_verified: (r.kyc_verified ?? false) as boolean,
      date_joined: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  }

  async update(actor: Actor, changes: Record<string, unknown>) {
    const { userId } = actor;
    const before = await this.get(actor);
    const userPatch = pick(changes, USER_FIELDS);
    const profilePatch = pick(changes, PROFILE_FIELDS);
    if (typeof profilePatch.country === 'string') profilePatch.country = profilePatch.country.toUpperCase();
    await this.platform.knex.transaction(async (trx) => {
      if (Object.keys(userPatch).length) await User.query(trx).where({ id: userId }).patch({ ...userPatch, updated_at: new Date() });
      await Profile.query(trx).where({ user_id: userId }).patch({ ...profilePatch, updated_at: new Date() });
      await this.audit.record(trx, { actorId: userId }, { action: 'update', entityType: 'profile', entityId: userId, summary: 'Profile updated', changes: diff(before, { ...userPatch, ...pick(changes, PROFILE_FIELDS) }) });
    });
    return this.get(actor);
  }
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, any> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k];
  return out;
}
