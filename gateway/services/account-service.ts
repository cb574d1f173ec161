// Accounts: registration, e-mail verification, login, password changes and resets.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { MailService } from './mail-service.js';
import type { OtpService } from './otp-service.js';
import type { TokenService, TokenPair, Principal } from './token-service.js';
import type { AuditService } from './audit-service.js';
import type { RateLimits, LimitRule } from './rate-limits.js';
import { mailTemplates } from './mail-templates.js';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../../jobs/runtime/secrets.js';
import { Conflict, DomainError, Forbidden, Invalid, Unauthorized } from '../../jobs/runtime/errors.js';
import { User } from '../../db/models/index.js';

export interface UserOut {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  is_staff: boolean;
  date_joined: string;
}

export function userOut(u: User): UserOut {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    is_verified: u.email_verified_at != null,
    is_staff: u.is_staff,
    date_joined: new Date(u.created_at).toISOString(),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const COMMON_PASSWORDS = new Set(['password', 'password1', 'password123', '12345678', '123456789', 'qwerty123', 'iloveyou', 'admin123', 'letmein1', 'welcome1', 'qwertyuiop', '11111111', 'abc12345']);

/** Password rules, in the spirit of NIST 800-63B: length over composition, no common ones. */
export function passwordProblems(password: string, email?: string): string | null {
  if (password.length < 8) return 'Password must be at least 8 characters long.';
  if (password.length > 128) return 'Password must be at most 128 characters long.';
  if (/^\d+$/.test(password)) return 'Password cannot be entirely numeric.';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'Password is too common.';
  if (email && password.toLowerCase() === email.toLowerCase()) return 'Password cannot be your e-mail address.';
  return null;
}

const otpSendRule: LimitRule = { name: 'otp-send', points: 6, durationSeconds: 3600, message: 'Too many codes requested for this e-mail; try again later.' };
const loginFailRule: LimitRule = { name: 'login-fail', points: 10, durationSeconds: 900, blockSeconds: 900, message: 'Too many failed logins; try again later.' };

export interface Deps {
  mail: MailService;
  otps: OtpService;
  tokens: TokenService;
  audit: AuditService;
  limits: RateLimits;
}

export class AccountService {
  private readonly otpSend: LimitRule;
  private readonly loginFail: LimitRule;

  constructor(private readonly platform: Platform, private readonly deps: Deps) {
    this.otpSend = { ...otpSendRule, points: platform.config.otpSendLimitPerHour };
    this.loginFail = { ...loginFailRule, points: platform.config.loginMaxFailures };
  }

  private get knex(): Knex {
    return this.platform.knex;
  }

  async register(input: { email: string; password: string; first_name: string; last_name: string }): Promise<UserOut> {
    const email = normalizeEmail(input.email);
    const problem = passwordProblems(input.password, email);
    if (problem) throw Invalid.field('password', problem, 'weak_password');
    if (await User.query(this.platform.knex).findOne({ email })) throw new Conflict('An account with this e-mail already exists.', 'email_taken');
    await this.deps.limits.consume(this.otpSend, email);
    const password_hash = await hashPassword(input.password, this.platform.config.passwordScryptCost);
    const { user, emailId } = await this.knex.transaction(async (trx) => {
      const user = await User.query(trx).insert({ email, password_hash, first_name: input.first_name.trim(), last_name: input.last_name.trim() }).returning('*');
      await trx('profiles').insert({ user_id: user.id });
      const code = await this.deps.otps.issue(trx, user.id, email, 'verify_email');
      const emailId = await this.deps.mail.queue(trx, email, 'verify_email', mailTemplates.verifyEmail(user.first_name, code, this.platform.config.otpTtlMinutes));
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'register', entityType: 'user', entityId: user.id, summary: 'Account registered' });
      return { user, emailId };
    }).catch((err) => {
      if ((err as { code?: string }).code === '23505') throw new Conflict('An account with this e-mail already exists.', 'email_taken');
      throw err;
    });
    await this.deps.mail.dispatch([emailId], user.id);
    return userOut(user);
  }

  async verifyEmail(input: { email: string; otp_code: string }): Promise<{ message: string; user: UserOut }> {
    const email = normalizeEmail(input.email);
    const user = await User.query(this.platform.knex).findOne({ email });
    if (!user) throw new Invalid('The code is incorrect.', [{ path: 'otp_code', message: 'incorrect code' }], 'invalid_otp');
    if (user.email_verified_at) return { message: 'E-mail address is already verified.', user: userOut(user) };
    const verified = await this.knex.transaction(async (trx) => {
      const error = await this.deps.otps.check(trx, email, 'verify_email', input.otp_code);
      if (error) return { error };
      const updated = await User.query(trx).patchAndFetchById(user.id, { email_verified_at: new Date() } as Partial<User>);
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'verify_email', entityType: 'user', entityId: user.id, summary: 'E-mail verified' });
      return { user: updated };
    });
    if (verified.error) throw verified.error;
    return { message: 'E-mail address verified. You can now log in.', user: userOut(verified.user!) };
  }

  /** Same answer whether or not the account exists or is verified (no account probing). */
  async resendVerification(input: { email: string }): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
    await this.deps.limits.consume(this.otpSend, email);
    const user = await User.query(this.platform.knex).findOne({ email });
    if (user && !user.email_verified_at && user.is_active) {
      await this.sendCode(user, 'verify_email');
    }
    return { message: 'If an unverified account exists for this e-mail, a new verification code has been sent.' };
  }

  async login(input: { email: string; password: string }, ip: string | null): Promise<TokenPair & { user: UserOut }> {
    const email = normalizeEmail(input.email);
    const failKey = email;
    const blockedFor = await this.deps.limits.isBlocked(this.loginFail, failKey);
    if (blockedFor > 0) throw new DomainError(429, 'too_many_attempts', 'Too many failed logins; try again later.', { retry_after: Math.ceil(blockedFor) }, { 'Retry-After': String(Math.ceil(blockedFor)) });
    const user = await User.query(this.platform.knex).findOne({ email });
    const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash(this.platform.config.passwordScryptCost)));
    if (!user || !ok) {
      await this.deps.limits.consume(this.loginFail, failKey).catch(() => undefined);
      throw new Unauthorized('E-mail or password is incorrect.', 'invalid_credentials');
    }
    if (!user.is_active) throw new Forbidden('This account is disabled.', 'account_disabled');
    if (!user.email_verified_at) throw new Forbidden('Verify your e-mail address before logging in.', 'email_not_verified');
    await this.deps.limits.reset(this.loginFail, failKey);
    const pair = await this.knex.transaction(async (trx) => {
      const pair = await this.deps.tokens.issuePair(user.id, trx);
      await trx('users').where({ id: user.id }).update({ last_login_at: new Date() });
      await this.deps.audit.record(trx, { actorId: user.id, ip }, { action: 'login', entityType: 'user', entityId: user.id, summary: 'Logged in' });
      return pair;
    });
    const { refreshId: _drop, ...tokens } = pair;
    return { ...tokens, user: userOut(user) };
  }

  async changePassword(principal: Principal, input: { current_password: string; new_password: string }): Promise<{ message: string }> {
    const user = await User.query(this.platform.knex).findById(principal.userId);
    if (!user) throw new Unauthorized();
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throw Invalid.field('current_password', 'Current password is incorrect.', 'invalid_password');
    }
    if (input.current_password === input.new_password) throw Invalid.field('new_password', 'New password must differ from the current one.', 'weak_password');
    const problem = passwordProblems(input.new_password, user.email);
    if (problem) throw Invalid.field('new_password', problem, 'weak_password');
    const password_hash = await hashPassword(input.new_password, this.platform.config.passwordScryptCost);
    const emailId = await this.knex.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ password_hash, password_changed_at: new Date(), updated_at: new Date() });
      // other devices are logged out; this session (its token family) stays signed in
      await this.deps.tokens.revokeAllForUser(user.id, 'password_changed', trx, principal.familyId);
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'change_password', entityType: 'user', entityId: user.id, summary: 'Password changed' });
      return this.deps.mail.queue(trx, user.email, 'password_changed', mailTemplates.passwordChanged(user.first_name));
    });
    await this.deps.mail.dispatch([emailId], user.id);
    return { message: 'Password changed. Other sessions have been signed out.' };
  }

  /** Same answer for known and unknown e-mails. */
  async forgotPassword(input: { email: string }): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
    await this.deps.limits.consume(this.otpSend, `reset:${email}`);
    const user = await User.query(this.platform.knex).findOne({ email });
    if (user && user.is_active) await this.sendCode(user, 'reset_password');
    return { message: 'If an account exists for this e-mail, a password reset code has been sent.' };
  }

  async resetPassword(input: { email: string; otp_code: string; new_password: string }): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
    const user = await User.query(this.platform.knex).findOne({ email });
    if (!user) throw new Invalid('The code is incorrect.', [{ path: 'otp_code', message: 'incorrect code' }], 'invalid_otp');
    const problem = passwordProblems(input.new_password, email);
    if (problem) throw Invalid.field('new_password', problem, 'weak_password');
    const password_hash = await hashPassword(input.new_password, this.platform.config.passwordScryptCost);
    const outcome = await this.knex.transaction(async (trx) => {
      const error = await this.deps.otps.check(trx, email, 'reset_password', input.otp_code);
      if (error) return error;
      const now = new Date();
      // a code sent to the address also proves the address is theirs
      await trx('users').where({ id: user.id }).update({ password_hash, password_changed_at: now, email_verified_at: user.email_verified_at ?? now, updated_at: now });
      await this.deps.tokens.revokeAllForUser(user.id, 'password_reset', trx);
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'reset_password', entityType: 'user', entityId: user.id, summary: 'Password reset by e-mail code' });
      return null;
    });
    if (outcome) throw outcome;
    return { message: 'Password has been reset. You can now log in with the new password.' };
  }

  async checkEmail(rawEmail: string): Promise<{ email: string; available: boolean; exists: boolean }> {
    const email = normalizeEmail(rawEmail);
    const exists = (await User.query(this.platform.knex).findOne({ email })) != null;
    return { email, available: !exists, exists };
  }

  private async sendCode(user: User, purpose: 'verify_email' | 'reset_password'): Promise<void> {
    const minutes = this.platform.config.otpTtlMinutes;
    const emailId = await this.knex.transaction(async (trx) => {
      const code = await this.deps.otps.issue(trx, user.id, user.email, purpose);
      const content = purpose === 'verify_email' ? mailTemplates.verifyEmail(user.first_name, code, minutes) : mailTemplates.resetPassword(user.first_name, code, minutes);
      return this.deps.mail.queue(trx, user.email, purpose, content);
    });
    await this.deps.mail.dispatch([emailId], user.id);
  }
}
