// Six-digit one-time codes for e-mail verification and password reset. Stored as an
// HMAC keyed with SECRET_KEY (a leaked table cannot be brute-forced offline), valid
// OTP_TTL_MINUTES. Wrong guesses are limited per client address (AuthThrottle), not by
// locking the code. A resend does not cancel earlier unexpired codes, so whichever
// e-mail the user opens works.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { OtpPurpose } from '../../db/models/index.js';
import { hmacHex, safeEqual, sixDigitCode } from '../../jobs/runtime/secrets.js';
import { Otp } from '../../db/models/index.js';
import { recordAudit } from '../audit/audit-service.js';

export class OtpService {
  constructor(private readonly platform: Platform) {}

  private hash(purpose: OtpPurpose, email: string, code: string): string {
    return hmacHex(this.platform.config.secretKey, `otp:${purpose}:${email}:${code}`);
  }

  async issue(trx: Knex.Transaction, userId: string, email: string, purpose: OtpPurpose): Promise<string> {
    const code = sixDigitCode();
    const { otpTtlMinutes, otpMaxAttempts } = this.platform.config;
    await Otp.query(trx).insert({
      user_id: userId,
      email,
      purpose,
      code_hash: this.hash(purpose, email, code),
      max_attempts: otpMaxAttempts,
      expires_at: new Date(Date.now() + otpTtlMinutes * 60_000),
    });
    return code;
  }

  /**
   * Whether `code` is one of the active codes of (email, purpose), inside `trx` (rows
   * locked). With `consume`, a match is spent and the purpose's other codes cancelled.
   * A miss counts an attempt on the active codes, for the record only: wrong guesses
   * are limited per client address (AuthThrottle), never by locking the code, so a
   * stranger's guesses cannot spoil the code its owner received. The same queries run
   * whether or not the address has an account.
   */
  async matches(trx: Knex.Transaction, email: string, purpose: OtpPurpose, code: string, opts: { consume: boolean }): Promise<boolean> {
    const now = new Date();
    const active = await Otp.query(trx)
      .where({ email, purpose })
      .whereNull('consumed_at')
      .whereNull('invalidated_at')
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .forUpdate()
      .select('id', 'code_hash');
    const hash = this.hash(purpose, email, code);
    const match = active.find((row: { code_hash: string }) => safeEqual(row.code_hash, hash));
    if (match) {
      if (opts.consume) {
        await Otp.query(trx).where({ id: match.id }).patch({ consumed_at: now });
        await Otp.query(trx).where({ email, purpose }).whereNull('consumed_at').whereNull('invalidated_at').patch({ invalidated_at: now });
      }
      return true;
    }
    if (active.length) await Otp.query(trx).whereIn('id', active.map((r: { id: number }) => r.id)).increment('attempts', 1);
    return false;
  }

  async history(filter: { email?: string; purpose?: OtpPurpose }, page: number, pageSize: number) {
    const base = Otp.query(this.platform.knex).modify((q) => {
      if (filter.email) q.where('email', filter.email.toLowerCase());
      if (filter.purpose) q.where('purpose', filter.purpose);
    });
    const [{ count }] = (await base.clone().count('* as count')) as unknown as { count: number }[];
    const rows = await base
      .clone()
      .orderBy('id', 'desc')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .select('id', 'user_id', 'email', 'purpose', 'attempts', 'max_attempts', 'expires_at', 'consumed_at', 'invalidated_at', 'created_at');
    const now = Date.now();
    return {
      count: Number(count),
      results: rows.map((r: Record<string, any>) => ({
        ...r,
        status: r.consumed_at ? 'used' : r.invalidated_at ? 'invalidated' : new Date(r.expires_at).getTime() <= now ? 'expired' : 'active',
      })),
    };
  }

  /** Removes expired codes (and spent ones older than a day). */
  async cleanup(actorId: string | null = null): Promise<number> {
    const dayAgo = new Date(Date.now() - 86_400_000);
    return this.platform.knex.transaction(async (trx) => {
      const deleted = await Otp.query(trx)
        .where('expires_at', '<', new Date())
        .orWhere((q) => q.whereNotNull('consumed_at').where('created_at', '<', dayAgo))
        .orWhere((q) => q.whereNotNull('invalidated_at').where('created_at', '<', dayAgo))
        .delete();
      await recordAudit(trx, { actorId }, { action: 'otp.cleanup', entityType: 'otp', summary: `${deleted} expired or spent codes removed`, changes: { deleted } });
      return deleted;
    });
  }
}
