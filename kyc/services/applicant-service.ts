// The microservice surface: access-token, status, refresh, reset. Every status it
// reports comes from the provider's review through StatusSync.
import type { Knex } from 'knex';
import { Conflict, DomainError } from '../../jobs/runtime/errors.js';
import { SDK_TOKEN_TTL_SECS, type AccessTokenOut, type MessageOut, type StatusOut } from '../../jobs/kyc-contract.js';
import { ProviderError, type VerificationProvider } from '../providers/types.js';
import type { ProviderRegistry } from './provider-registry.js';
import { statusOut, type ApplicantRow, type ProjectRow } from './rows.js';
import type { StatusSync } from './status-sync.js';
import type { ApplicantLimits } from './applicant-limits.js';
import { T } from './tables.js';

export interface Answer<B> {
  body: B;
  /** the applicant's status version (0 without an applicant): the proxy orders mirror updates by it */
  version: number;
}

const alreadyVerified = (row: ApplicantRow) =>
  new Conflict('The user is already verified.', 'already_verified', { status: row.status, is_verified: true, version: row.version });

// access-token and reset answer a final rejection alike: neither can start a new attempt
const finallyRejected = (row: ApplicantRow) =>
  new Conflict('A final rejection cannot be reset; contact support.', 'verification_final', { status: row.status, version: row.version });

/** A provider failure as the documented error body: 502 (or 503 when it is not configured). */
export function providerFailure(err: unknown): never {
  if (err instanceof ProviderError) {
    if (err.status === null && !err.retryable) throw new DomainError('unavailable', 'provider_not_configured', err.message);
    throw new DomainError('upstream_failed', 'provider_error', `The verification provider failed: ${err.message}`, null, err.retryable ? 5 : null);
  }
  throw err;
}

export class ApplicantService {
  constructor(
    private readonly knex: Knex,
    private readonly providers: ProviderRegistry,
    private readonly sync: StatusSync,
    private readonly limits: ApplicantLimits,
  ) {}

  find(projectId: number, externalUserId: string): Promise<ApplicantRow | undefined> {
    return this.knex(T.applicants).where({ project_id: projectId, external_user_id: externalUserId }).first();
  }

  private ref(row: ApplicantRow) {
    return { id: row.id, externalUserId: row.external_user_id, providerApplicantId: row.provider_applicant_id!, levelName: row.level_name };
  }

  private async create(project: ProjectRow, externalUserId: string, levelName: string): Promise<ApplicantRow> {
    const provider = this.providers.forProject(project);
    await this.knex(T.applicants)
      .insert({ project_id: project.id, external_user_id: externalUserId, provider: provider.name, level_name: levelName })
      .onConflict(['project_id', 'external_user_id'])
      .ignore();
    return (await this.find(project.id, externalUserId))!;
  }

  /** Creates or links the applicant at its provider when it has none (or the provider deleted it). */
  private async ensureLinked(provider: VerificationProvider, row: ApplicantRow): Promise<ApplicantRow> {
    if (row.provider_applicant_id && !row.provider_deleted_at) return row;
    const providerApplicantId = await provider.ensureApplicant({ id: row.id, externalUserId: row.external_user_id, providerApplicantId: null, levelName: row.level_name });
    return this.sync.link(row, providerApplicantId);
  }

  async accessToken(project: ProjectRow, externalUserId: string, levelName: string | null | undefined, apiBase: string): Promise<Answer<AccessTokenOut>> {
    await this.limits.consume('accessToken', project.id, externalUserId);
    let row = await this.find(project.id, externalUserId);
    if (row?.status === 'approved') throw alreadyVerified(row);
    if (row?.status === 'rejected') throw finallyRejected(row);
    try {
      row ??= await this.create(project, externalUserId, levelName ?? project.level_name);
      if (levelName && levelName !== row.level_name) {
        [row] = await this.knex(T.applicants).where({ id: row.id }).update({ level_name: levelName, updated_at: new Date() }).returning('*');
      }
      const provider = this.providers.forApplicant(row!);
      row = await this.ensureLinked(provider, row!);
      // authoritative: a new applicant moves to pending here, a reset one back to pending
      row = (await this.sync.repull(row.id, 'access_token')).applicant;
      if (row.status === 'approved') throw alreadyVerified(row);
      if (row.status === 'rejected') throw finallyRejected(row);
      const token = await provider.mintToken(this.ref(row), SDK_TOKEN_TTL_SECS);
      return {
        version: row.version,
        body: {
          token,
          user_id: externalUserId,
          project: project.slug,
          provider: provider.name,
          level_name: row.level_name,
          ttl_secs: SDK_TOKEN_TTL_SECS,
          status: row.status,
          is_verified: false,
          api_base: provider.engine === 'inhouse' ? apiBase : '',
        },
      };
    } catch (err) {
      return providerFailure(err);
    }
  }

  /** The stored snapshot: cheap and safe to poll. */
  async status(project: ProjectRow, externalUserId: string): Promise<Answer<StatusOut>> {
    await this.limits.consume('status', project.id, externalUserId);
    const row = await this.find(project.id, externalUserId);
    return { version: row?.version ?? 0, body: statusOut(project, externalUserId, row ?? null) };
  }

  /** Forces an authoritative re-pull (and links an applicant the provider already has). */
  async refresh(project: ProjectRow, externalUserId: string): Promise<Answer<StatusOut>> {
    await this.limits.consume('refresh', project.id, externalUserId);
    let row = await this.find(project.id, externalUserId);
    try {
      if (!row || !row.provider_applicant_id || row.provider_deleted_at) {
        const provider = row ? this.providers.forApplicant(row) : this.providers.forProject(project);
        const found = await provider.findApplicant(externalUserId);
        if (!found) return { version: row?.version ?? 0, body: statusOut(project, externalUserId, row ?? null) };
        row ??= await this.create(project, externalUserId, project.level_name);
        row = await this.sync.link(row, found);
      }
      row = (await this.sync.repull(row.id, 'refresh')).applicant;
    } catch (err) {
      return providerFailure(err);
    }
    return { version: row.version, body: statusOut(project, externalUserId, row) };
  }

  /** Resets a failed or stuck attempt: 409 when approved, under review, on hold, or finally rejected. */
  async reset(project: ProjectRow, externalUserId: string): Promise<Answer<MessageOut>> {
    await this.limits.consume('reset', project.id, externalUserId);
    let row = await this.find(project.id, externalUserId);
    if (!row) return { version: 0, body: { detail: 'Nothing to reset: verification has not started.', status: 'not_started' } };
    if (row.status === 'approved') throw alreadyVerified(row);
    if (row.status === 'rejected') throw finallyRejected(row);
    // Only a failed (retry) or stuck (pending, never submitted) attempt is the user's to reset:
    // a submitted attempt awaits its review, and a hold is the reviewer's, not the user's.
    if (row.status === 'in_review') throw new Conflict('This attempt is being reviewed and cannot be reset; wait for the decision.', 'verification_in_review', { status: row.status, version: row.version });
    if (row.status === 'on_hold') throw new Conflict('This attempt is on hold for review and cannot be reset; contact support.', 'verification_on_hold', { status: row.status, version: row.version });
    if (!row.provider_applicant_id || row.provider_deleted_at) {
      return { version: row.version, body: { detail: 'Nothing to reset: request an access token to start.', status: row.status } };
    }
    try {
      await this.providers.forApplicant(row).reset(this.ref(row));
      row = (await this.sync.repull(row.id, 'reset')).applicant;
    } catch (err) {
      return providerFailure(err);
    }
    return { version: row.version, body: { detail: 'Verification reset; request a new access token to start again.', status: row.status } };
  }
}
