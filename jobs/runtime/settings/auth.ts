// Sign-in: token lifetimes, e-mail codes, password hashing and the per-address budgets.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const authGroup = { name: 'auth', title: 'Accounts and sign-in' };

export const authSettings = inGroup(authGroup, {
  accessTokenTtlMinutes: setting('ACCESS_TOKEN_TTL_MINUTES', Joi.number().integer().min(15).max(60).default(30), 'access token lifetime'),
  refreshTokenTtlDays: setting('REFRESH_TOKEN_TTL_DAYS', Joi.number().integer().min(7).max(30).default(14), 'refresh token lifetime'),
  otpTtlMinutes: setting('OTP_TTL_MINUTES', Joi.number().integer().min(10).max(15).default(10), 'e-mail code lifetime'),
  otpMaxAttempts: setting(
    'OTP_MAX_ATTEMPTS',
    Joi.number().integer().min(1).max(20).default(5),
    'wrong codes one client address may try per e-mail in 15 minutes (429 `otp_attempts_exceeded`); codes are never locked for their owner',
  ),
  otpSendLimitPerHour: setting('OTP_SEND_LIMIT_PER_HOUR', Joi.number().integer().min(1).max(100).default(6), 'codes sent per e-mail address, purpose **and client address** per hour (register + resends)'),
  otpSendsPerAddressPerHour: setting(
    'OTP_SENDS_PER_ADDRESS_PER_HOUR',
    Joi.number().integer().min(1).max(1_000_000).default(200),
    'codes sent from one client address per hour across all e-mail addresses (register, resends, forgot-password): a ceiling against using the platform as a mail cannon, high enough for an office or a test suite behind one address',
  ),
  loginMaxFailures: setting(
    'LOGIN_MAX_FAILURES',
    Joi.number().integer().min(1).default(10),
    'failed logins of one account in 15 minutes before the account-wide progressive delay starts (1 s doubling, at most 60 s, and only for addresses the account has not signed in from lately); there is no account lock',
  ),
  authIpLimitPerMinute: setting(
    'AUTH_IP_LIMIT_PER_MINUTE',
    Joi.number().integer().min(1).max(1_000_000).default(60),
    'requests per client address per minute on each unauthenticated route that hashes a password or tells accounts apart: login, register, reset-password, verify-email, check-email (429 `rate_limited`)',
  ),
  trustProxyHops: setting(
    'TRUST_PROXY_HOPS',
    Joi.number().integer().min(0).max(10).default(0),
    'reverse proxies in front of the gateway: the client address for the per-address limits is then taken from `X-Forwarded-For`, that many entries from the right. Leave 0 unless a proxy sets the header, or clients could choose their own address (0: the peer address is used)',
  ),
  passwordScryptCost: setting('PASSWORD_SCRYPT_COST', Joi.number().integer().valid(1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072).default(32768), 'scrypt N for password hashes'),
});
