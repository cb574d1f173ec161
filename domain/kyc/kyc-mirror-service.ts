// The main service's only verification data: a per-user mirror (status, verified flag,
// version) for feature gating, refreshed from every proxied answer and from the
// signed status callbacks. Callbacks are idempotent by version: a repeated or older
// version changes nothing and notifies no one twice.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { NotificationService } from '../notifications/notification-service.js';
import type { CoarseStatus, StatusCallbackBody } from '../../jobs/kyc-contract.js';
import { KycMirror } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';
import { recordAudit } from '../audit/audit-service.js';

export interface MirrorRow {
  user_id: string;
  status: CoarseStatus;
  is_verified: boolean;
  version: number;
  notified_version: number;
  verified_at: Date | null;
  updated_at: Date;
}

export type CallbackOutcome = 'applied' | 'notified_only' | 'duplicate' | 'stale' | 'unknown_user';

const NOTICES: Record<CoarseStatus, { title: string; body: string }> = {
  approved: { title: 'Identity verified', body: 'Your identity has been verified.' },
  retry: { title: 'Verification needs another try', body: 'Please check the comment, correct your documents and try again.' },
  rejected: { title: 'Verification declined', body: 'Your identity verification was declined.' },
  in_review: { title: 'Verification under review', body: 'Your documents were received and are being reviewed.' },
  on_hold: { title: 'Verification under review', body: 'Your verification is on hold for an additional check.' },
  pending: { title: 'Verification started', body: 'Continue in the app to submit your documents.' },
  not_started: { title: 'Verification reset', body: 'Start the verification again when you are ready.' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class KycMirrorService {
  constructor(
    private readonly platform: Platform,
    private readonly notifications: NotificationService,
  ) {}

  async get(subjectUserId: string): Promise<MirrorRow | undefined> {
    return (await KycMirror.query(this.platform.knex).where({ user_id: subjectUserId }).first()) as MirrorRow | undefined;
  }

  async isVerified(subjectUserId: string): Promise<boolean> {
    return !!(await this.get(subjectUserId))?.is_verified;
  }

  /** From a proxied answer: moves the mirror forward, never back to an older version. */
  async refresh(subjectUserId: string, s: { status: CoarseStatus; is_verified: boolean; verified_at?: string | null }, version: number, trx?: Knex.Transaction): Promise<void> {
    const row = { user_id: subjectUserId, status: s.status, is_verified: s.is_verified, version, verified_at: s.verified_at ? new Date(s.verified_at) : s.is_verified ? new Date() : null, updated_at: new Date() };
    const write = async (db: Knex.Transaction) => {
      const before = (await KycMirror.query(db).where({ user_id: subjectUserId }).select('status', 'is_verified', 'version').first()) as Pick<MirrorRow, 'status' | 'is_verified' | 'version'> | undefined;
      await KycMirror.query(db).insert(row).onConflict('user_id').merge(['status', 'is_verified', 'version', 'verified_at', 'updated_at']).where('kyc_mirror.version', '<=', version);
      // a read that only confirms what the mirror holds is no change worth a log entry
      const changed = !before || (before.version <= version && (before.status !== s.status || before.is_verified !== s.is_verified || before.version !== version));
      if (changed) await recordAudit(db, { actorId: null }, mirrorEntry(subjectUserId, before, { status: s.status, is_verified: s.is_verified, version }, 'proxied answer'));
    };
    await (trx ? write(trx) : this.platform.knex.transaction(write)).catch((err: unknown) => {
      if (pgError(err).code !== '23503') throw err; // the user was deleted meanwhile
    });
  }

  /** A verified status callback: update the mirror and notify the user, once per version. */
  async applyCallback(body: StatusCallbackBody): Promise<CallbackOutcome> {
    const userId = body.external_user_id;
    if (!UUID.test(userId)) return 'unknown_user';
    const { knex } = this.platform;
    const result = await knex.transaction(async (trx) => {
      // a user that no longer exists fails the foreign key: acknowledged, nothing to do
      // one statement creates the row when missing and locks it either way
      const mirror = (await KycMirror.query(trx).insert({ user_id: userId }).onConflict('user_id').merge({ user_id: userId }).returning('*')) as unknown as MirrorRow;
      const newer = body.version > mirror.version;
      const notify = body.version > mirror.notified_version;
      if (!newer && !notify) return { outcome: (body.version === mirror.notified_version ? 'duplicate' : 'stale') as CallbackOutcome, notificationId: 0 };
      const patch: Record<string, unknown> = {};
      if (newer) {
        Object.assign(patch, {
          status: body.status,
          is_verified: body.is_verified,
          version: body.version,
          verified_at: body.verified_at ? new Date(body.verified_at) : null,
          last_event_id: body.event_id,
          updated_at: new Date(),
        });
      }
      let notificationId = 0;
      if (notify) {
        patch.notified_version = body.version;
        const notice = NOTICES[body.status];
        const created = await this.notifications.create(
          userId,
          {
            kind: 'kyc.status',
            title: notice.title,
            body: body.status === 'retry' && body.moderation_comment ? body.moderation_comment : notice.body,
            data: { status: body.status, is_verified: body.is_verified, version: body.version, event_id: body.event_id, reject_type: body.reject_type },
            dedupeKey: `kyc-status:${body.event_id}`,
          },
          trx,
        );
        notificationId = created.created ? created.id : 0;
      }
      await KycMirror.query(trx).where({ user_id: userId }).patch(patch);
      if (newer) await recordAudit(trx, { actorId: null }, mirrorEntry(userId, mirror, { status: body.status, is_verified: body.is_verified, version: body.version }, 'status callback'));
      return { outcome: (newer ? 'applied' : 'notified_only') as CallbackOutcome, notificationId };
    }).catch((err: unknown) => {
      if (pgError(err).code === '23503') return { outcome: 'unknown_user' as CallbackOutcome, notificationId: 0 };
      throw err;
    });
    if (result.notificationId) await this.notifications.push(userId, result.notificationId);
    return result.outcome;
  }
}

/** The audit entry of a mirror change: the coarse status only (the applicant's data stays in the microservice). */
function mirrorEntry(userId: string, before: Pick<MirrorRow, 'status' | 'is_verified' | 'version'> | undefined, after: Pick<MirrorRow, 'status' | 'is_verified' | 'version'>, source: string) {
  return {
    action: 'kyc_mirror.update',
    entityType: 'kyc_mirror',
    entityId: userId,
    summary: `Verification status ${after.status} (${source})`,
    changes: { status: { from: before?.status ?? null, to: after.status }, is_verified: { from: before?.is_verified ?? null, to: after.is_verified }, version: after.version },
  };
}
