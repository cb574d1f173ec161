// Accounts: registration, e-mail verification, login, password changes and resets.
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { MailService } from '../shared/mail-service.js';
import type { OtpService } from './otp-service.js';
import type { TokenService, TokenPair } from './token-service.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';
import { addressKey, type AuthThrottle } from './auth-throttle.js';
import { mailTemplates } from '../shared/mail-templates.js';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../../jobs/runtime/secrets.js';
import { Conflict, Forbidden, Invalid, RateLimited, Unauthorized } from '../../jobs/runtime/errors.js';
import { Profile, User } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';

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

// per e-mail AND client address: a stranger asking for codes to someone's address uses
// up their own budget, never the owner's (the per-address cap is in AuthThrottle)
const otpSendRule: LimitRule = { name: 'otp-send', points: 6, durationSeconds: 3600, message: 'Too many codes requested for this e-mail; try again later.' };
export const passwordCheckRule: LimitRule = { name: 'change-password-fail', points: 5, durationSeconds: 900, message: 'Too many wrong current passwords; try again later.' };

type CodePurpose = 'verify_email' | 'reset_password';

export interface Deps {
  mail: MailService;
  otps: OtpService;
  tokens: TokenService;
  audit: AuditService;
  limits: RateLimits;
  throttle: AuthThrottle;
}

export class AccountService {
  private readonly otpSend: LimitRule;

  constructor(private readonly platform: Platform, private readonly deps: Deps) {
    this.otpSend = { ...otpSendRule, points: platform.config.otpSendLimitPerHour };
  }

  /**
   * A request for a code to `key` (an e-mail, optionally prefixed) from this client
   * address. The per-e-mail budget is spent by every request, known address or not (so
   * its 429 tells nothing); the address's budget across e-mails is only checked here
   * and spent when a code really goes out (codeSent), so asking for unknown addresses
   * cannot lock an office out of its own sign-up and reset codes.
   */
  private async askCodeSend(key: string, ip: string | null): Promise<void> {
    await this.deps.throttle.codeSendAllowed(ip);
    await this.deps.limits.consume(this.otpSend, `${key}|${addressKey(ip)}`);
  }

  /** The one answer to every wrong, expired or unknown code, for known and unknown e-mails alike. */
  private async wrongCode(purpose: CodePurpose, email: string, ip: string | null): Promise<never> {
    const left = await this.deps.throttle.codeGuessFailed(purpose, email, ip);
    throw new Invalid(`The code is incorrect or has expired.${left > 0 ? ` ${left} attempt(s) left.` : ''}`, [{ path: 'otp_code', message: 'incorrect or expired code' }], 'invalid_otp');
  }

  private get knex(): Knex {
    return this.platform.knex;
  }

  async register(input: { email: string; password: string; first_name: string; last_name: string }, ip: string | null = null, requestId?: string): Promise<UserOut> {
    await this.deps.throttle.request('register', ip);
    const email = normalizeEmail(input.email);
    const problem = passwordProblems(input.password, email);
    if (problem) throw Invalid.field('password', problem, 'weak_password');
    if (await User.query(this.knex).findOne({ email })) throw new Conflict('An account with this e-mail already exists.', 'email_taken');
    await this.askCodeSend(email, ip);
    await this.deps.throttle.codeSent(ip);
    const password_hash = await hashPassword(input.password, this.platform.config.passwordScryptCost);
    const { user, emailId } = await this.knex.transaction(async (trx) => {
      const user = await User.query(trx).insert({ email, password_hash, first_name: input.first_name.trim(), last_name: input.last_name.trim() }).returning('*');
      await Profile.query(trx).insert({ user_id: user.id });
      const code = await this.deps.otps.issue(trx, user.id, email, 'verify_email');
      const emailId = await this.deps.mail.queue(trx, email, 'verify_email', mailTemplates.verifyEmail(user.first_name, code, this.platform.config.otpTtlMinutes));
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'register', entityType: 'user', entityId: user.id, summary: 'Account registered' });
      return { user, emailId };
    }).catch((err) => {
      if (pgError(err).code === '23505') throw new Conflict('An account with this e-mail already exists.', 'email_taken');
      throw err;
    });
    await this.deps.mail.dispatch([emailId], user.id, { requestId });
    return userOut(user);
  }

  /**
   * A right code verifies the address (again, harmlessly, if it already is). Anything
   * else, for a verified, unverified or unknown address, is the same invalid_otp: no
   * account data before the code is right.
   */
  async verifyEmail(input: { email: string; otp_code: string }, ip: string | null = null): Promise<{ message: string; user: UserOut }> {
    await this.deps.throttle.request('verify', ip);
    const email = normalizeEmail(input.email);
    await this.deps.throttle.codeGuessAllowed('verify_email', email, ip);
    const user = await User.query(this.knex).findOne({ email });
    const verified = await this.knex.transaction(async (trx) => {
      if (!(await this.deps.otps.matches(trx, email, 'verify_email', input.otp_code, { consume: true })) || !user) return null;
      const updated = await User.query(trx).patchAndFetchById(user.id, { email_verified_at: user.email_verified_at ?? new Date(), updated_at: new Date() } as Partial<User>);
      await this.deps.audit.record(trx, { actorId: user.id, ip }, { action: 'verify_email', entityType: 'user', entityId: user.id, summary: 'E-mail verified' });
      return updated;
    });
    if (!verified) return this.wrongCode('verify_email', email, ip);
    await this.deps.throttle.codeGuessSucceeded('verify_email', email, ip);
    return { message: 'E-mail address verified. You can now log in.', user: userOut(verified) };
  }

  /** Same answer whether or not the account exists or is verified (no account probing). */
  async resendVerification(input: { email: string }, ip: string | null = null, requestId?: string): Promise<{ message: string }> {
    await this.deps.throttle.request('send-code', ip);
    const email = normalizeEmail(input.email);
    await this.askCodeSend(email, ip);
    const user = await User.query(this.knex).findOne({ email });
    if (user && !user.email_verified_at && user.is_active) {
      await this.sendCode(user, 'verify_email', ip, requestId);
    }
    return { message: 'If an unverified account exists for this e-mail, a new verification code has been sent.' };
  }

  /**
   * Per-address budget first (no scrypt for a flood), then the progressive delays of
   * AuthThrottle; unknown e-mails hash against a dummy so both take the same time.
   */
  async login(input: { email: string; password: string }, ip: string | null): Promise<TokenPair & { user: UserOut }> {
    const user = await this.checkPassword(input, ip);
    if (!user.is_active) throw new Forbidden('This account is disabled.', 'account_disabled');
    if (!user.email_verified_at) throw new Forbidden('Verify your e-mail address before logging in.', 'email_not_verified');
    await this.passwordAccepted(user, ip);
    const pair = await this.knex.transaction(async (trx) => {
      const pair = await this.deps.tokens.issuePair(user.id, trx);
      await User.query(trx).where({ id: user.id }).patch({ last_login_at: new Date() });
      await this.deps.audit.record(trx, { actorId: user.id, ip }, { action: 'login', entityType: 'user', entityId: user.id, summary: 'Logged in' });
      return pair;
    });
    const { refreshId: _drop, ...tokens } = pair;
    return { ...tokens, user: userOut(user) };
  }

  /**
   * The password check of every sign-in (the API's login, the staff admin's): the
   * address's budget, the progressive delays, a dummy hash for unknown e-mails, and a
   * failure counted. The caller decides what else the account must be, then calls
   * passwordAccepted() when it lets the user in.
   */
  async checkPassword(input: { email: string; password: string }, ip: string | null): Promise<User> {
    await this.deps.throttle.request('login', ip);
    const email = normalizeEmail(input.email);
    await this.deps.throttle.loginAllowed(email, ip);
    const user = await User.query(this.knex).findOne({ email });
    const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash(this.platform.config.passwordScryptCost)));
    if (!user || !ok) {
      await this.deps.throttle.loginFailed(email, ip);
      throw new Unauthorized('E-mail or password is incorrect.', 'invalid_credentials');
    }
    return user;
  }

  /** A sign-in let through: this address's failures for the account are cleared and the address trusted. */
  async passwordAccepted(user: User, ip: string | null): Promise<void> {
    await this.deps.throttle.loginSucceeded(user.email, ip);
  }

  /** `keepFamily`: the caller's login (token family), which stays signed in; every other session is revoked. */
  async changePassword(actor: Actor, input: { current_password: string; new_password: string }, keepFamily?: string): Promise<{ message: string }> {
    const user = await User.query(this.knex).findById(actor.userId);
    if (!user) throw new Unauthorized();
    // a stolen access token must not become an unlimited password oracle
    const wait = await this.deps.limits.isBlocked(passwordCheckRule, user.id);
    if (wait > 0) throw new RateLimited(wait, passwordCheckRule.message);
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      await this.deps.limits.consume(passwordCheckRule, user.id);
      throw Invalid.field('current_password', 'Current password is incorrect.', 'invalid_password');
    }
    if (input.current_password === input.new_password) throw Invalid.field('new_password', 'New password must differ from the current one.', 'weak_password');
    const problem = passwordProblems(input.new_password, user.email);
    if (problem) throw Invalid.field('new_password', problem, 'weak_password');
    const password_hash = await hashPassword(input.new_password, this.platform.config.passwordScryptCost);
    const emailId = await this.knex.transaction(async (trx) => {
      await User.query(trx).where({ id: user.id }).patch({ password_hash, password_changed_at: new Date(), updated_at: new Date() });
      // other devices are logged out; this session (its token family) stays signed in
      await this.deps.tokens.revokeAllForUser(user.id, 'password_changed', trx, keepFamily, { apiTokens: true });
      await this.deps.audit.record(trx, { actorId: user.id }, { action: 'change_password', entityType: 'user', entityId: user.id, summary: 'Password changed' });
      return this.deps.mail.queue(trx, user.email, 'password_changed', mailTemplates.passwordChanged(user.first_name));
    });
    await this.deps.mail.dispatch([emailId], user.id, { requestId: actor.requestId });
    return { message: 'Password changed. Other sessions have been signed out.' };
  }

  /** Same answer for known and unknown e-mails. */
  async forgotPassword(input: { email: string }, ip: string | null = null, requestId?: string): Promise<{ message: string }> {
    await this.deps.throttle.request('send-code', ip);
    const email = normalizeEmail(input.email);
    await this.askCodeSend(`reset:${email}`, ip);
    const user = await User.query(this.knex).findOne({ email });
    if (user && user.is_active) await this.sendCode(user, 'reset_password', ip, requestId);
    return { message: 'If an account exists for this e-mail, a password reset code has been sent.' };
  }

  /**
   * The code is checked first, without spending it: until it is right, known and
   * unknown e-mails get the same invalid_otp after the same queries, and no scrypt runs.
   * Only a right code reaches the password rules (weak_password keeps the code usable)
   * and the hashing; the code is spent together with the password change.
   */
  async resetPassword(input: { email: string; otp_code: string; new_password: string }, ip: string | null = null): Promise<{ message: string }> {
    await this.deps.throttle.request('reset', ip);
    const email = normalizeEmail(input.email);
    await this.deps.throttle.codeGuessAllowed('reset_password', email, ip);
    const user = await User.query(this.knex).findOne({ email });
    const right = await this.knex.transaction((trx) => this.deps.otps.matches(trx, email, 'reset_password', input.otp_code, { consume: false }));
    if (!right || !user) return this.wrongCode('reset_password', email, ip);
    const problem = passwordProblems(input.new_password, email);
    if (problem) throw Invalid.field('new_password', problem, 'weak_password');
    const password_hash = await hashPassword(input.new_password, this.platform.config.passwordScryptCost);
    const changed = await this.knex.transaction(async (trx) => {
      // spent here, with the change: a concurrent reset with the same code finds it gone
      if (!(await this.deps.otps.matches(trx, email, 'reset_password', input.otp_code, { consume: true }))) return false;
      const now = new Date();
      // a code sent to the address also proves the address is theirs
      await User.query(trx).where({ id: user.id }).patch({ password_hash, password_changed_at: now, email_verified_at: user.email_verified_at ?? now, updated_at: now });
      await this.deps.tokens.revokeAllForUser(user.id, 'password_reset', trx, undefined, { apiTokens: true });
      await this.deps.audit.record(trx, { actorId: user.id, ip }, { action: 'reset_password', entityType: 'user', entityId: user.id, summary: 'Password reset by e-mail code' });
      return true;
    });
    if (!changed) return this.wrongCode('reset_password', email, ip);
    await this.deps.throttle.codeGuessSucceeded('reset_password', email, ip);
    return { message: 'Password has been reset. You can now log in with the new password.' };
  }

  /** A refresh-token exchange from this client address (429 beyond its budget). */
  async refreshAllowed(ip: string | null): Promise<void> {
    await this.deps.throttle.request('refresh', ip);
  }

  /** Tells whether an address is registered (the spec's purpose), limited per client address. */
  async checkEmail(rawEmail: string, ip: string | null = null): Promise<{ email: string; available: boolean; exists: boolean }> {
    await this.deps.throttle.request('check-email', ip);
    const email = normalizeEmail(rawEmail);
    const exists = (await User.query(this.knex).findOne({ email })) != null;
    return { email, available: !exists, exists };
  }

  private async sendCode(user: User, purpose: 'verify_email' | 'reset_password', ip: string | null, requestId?: string): Promise<void> {
    await this.deps.throttle.codeSent(ip);
    const minutes = this.platform.config.otpTtlMinutes;
    const emailId = await this.knex.transaction(async (trx) => {
      const code = await this.deps.otps.issue(trx, user.id, user.email, purpose);
      const content = purpose === 'verify_email' ? mailTemplates.verifyEmail(user.first_name, code, minutes) : mailTemplates.resetPassword(user.first_name, code, minutes);
      return this.deps.mail.queue(trx, user.email, purpose, content);
    });
    await this.deps.mail.dispatch([emailId], user.id, { requestId });
  }
}
