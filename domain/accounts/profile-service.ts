// The caller's profile: account names plus profile details, team and verification.
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import { diff } from '../audit/audit-service.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { KycMirror, Profile, User } from '../../db/models/index.js';

export const PROFILE_FIELDS = ['phone', 'company', 'job_title', 'bio', 'language', 'timezone', 'country', 'preferences'] as const;
export const USER_FIELDS = ['first_name', 'last_name'] as const;

export class ProfileService {
  constructor(private readonly platform: Platform, private readonly audit: AuditService) {}

  async get(actor: Actor) {
    const { userId } = actor;
    const user = await User.query(this.platform.knex).findById(userId).withGraphFetched('[profile, membership]');
    if (!user) throw new NotFound('Profile');
    const kyc = await KycMirror.query(this.platform.knex).where({ user_id: userId }).select('status', 'is_verified').first();
    const p = user.profile!;
    return {
      id: user.id,
      user_id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      full_name: user.fullName,
      phone: p.phone,
      company: p.company,
      job_title: p.job_title,
      bio: p.bio,
      language: p.language,
      timezone: p.timezone,
      country: p.country,
      preferences: p.preferences,
      is_verified: user.email_verified_at != null,
      is_staff: user.is_staff,
      team_id: user.membership?.team_id ?? null,
      team_role: user.membership?.role ?? null,
      kyc_status: kyc?.status ?? 'not_started',
      kyc_verified: kyc?.is_verified ?? false,
      date_joined: new Date(user.created_at).toISOString(),
      updated_at: new Date(p.updated_at).toISOString(),
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
