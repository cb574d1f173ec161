// The verification wire contract both sides share (the microservice answers it, the
// main service proxies it): the spec's ExternalUserIn, AccessTokenOut, StatusOut,
// BrandingOut and MessageOut, the coarse status values and the callback body.
import Joi from 'joi';
import type { ErrorKind } from './runtime/errors.js';

export const INTERFACE_VERSION = '2.0.0';
export const SDK_TOKEN_TTL_SECS = 600;
export const CALLBACK_PATH = '/api/v1/internal/kyc/status-callback/';
export const CALLBACK_EVENT = 'status.changed';
/** the microservice reports the applicant's status version on every status answer */
export const VERSION_HEADER = 'x-kyc-version';
/** The microservice's paths the main service calls (its KycClient). */
export const KYC_PATHS = {
  accessToken: '/api/v1/kyc/access-token',
  status: (externalUserId: string) => `/api/v1/kyc/status/${encodeURIComponent(externalUserId)}`,
  refresh: '/api/v1/kyc/refresh',
  reset: '/api/v1/kyc/reset',
  branding: '/api/v1/kyc/branding',
  reviewApplicants: '/api/v1/kyc/review/applicants',
} as const;
/**
 * The microservice's refusals (4xx statuses on the wire) read back into error kinds,
 * so that the main service passes them on with the same status (its edge maps the kind
 * back): the inverse of gateway/http/errors.ts HTTP_STATUS for what kyc answers.
 */
export const KYC_REFUSALS: Readonly<Record<number, ErrorKind>> = {
  400: 'invalid', 402: 'payment_required', 403: 'forbidden', 404: 'not_found', 405: 'not_allowed', 409: 'conflict',
  410: 'gone', 413: 'too_large', 415: 'unsupported_type', 422: 'unprocessable', 429: 'rate_limited',
};

export const COARSE_STATUSES = ['not_started', 'pending', 'in_review', 'approved', 'retry', 'rejected', 'on_hold'] as const;
export type CoarseStatus = (typeof COARSE_STATUSES)[number];

export const VERIFICATION_DESCRIPTION =
  'Identity verification (KYC): a verification microservice in front of an external provider or the in-house engine; ' +
  'the main service proxies /api/v1/kyc/* and keeps a per-user mirror (status, verified flag) for feature gating.';

export interface StatusOut {
  external_user_id: string;
  project: string;
  provider: string;
  status: CoarseStatus;
  is_verified: boolean;
  can_start: boolean;
  level_name: string;
  review_status: string;
  review_answer: string;
  reject_type: string;
  reject_labels: string[];
  moderation_comment: string;
  applicant_id: string;
  verified_at: string | null;
  last_synced_at: string | null;
  updated_at: string | null;
}

export interface AccessTokenOut {
  token: string;
  user_id: string;
  project: string;
  provider: string;
  level_name: string;
  ttl_secs: number;
  status: CoarseStatus;
  is_verified: boolean;
  api_base: string;
}

export interface BrandingOut {
  project: string;
  name: string;
  logo_url: string;
  primary_color: string;
  support_email: string;
  provider: string;
}

export interface MessageOut {
  detail: string;
  status: string;
}

/** The body of a status callback: the StatusOut snapshot plus version and event id. */
export interface StatusCallbackBody extends StatusOut {
  version: number;
  event_id: string;
  event: typeof CALLBACK_EVENT;
  occurred_at: string;
  attempt: number;
  sent_at: string;
}

export const externalUserId = Joi.string().trim().min(1).max(200).pattern(/^[A-Za-z0-9_.:@-]+$/).messages({
  'string.pattern.base': 'external_user_id may hold letters, digits and _ . : @ -',
});

export const ExternalUserIn = Joi.object({
  external_user_id: externalUserId.required(),
  level_name: Joi.string().trim().min(1).max(100).allow(null).description('verification level; the project default when omitted or null'),
}).label('ExternalUserIn');

const status = Joi.string().valid(...COARSE_STATUSES);
const dateTime = Joi.string().isoDate().allow(null);

export const StatusOutSchema = Joi.object({
  external_user_id: Joi.string().required(),
  project: Joi.string().allow('').required(),
  provider: Joi.string().required(),
  status: status.required(),
  is_verified: Joi.boolean().required(),
  can_start: Joi.boolean().required().description('whether the user can start or continue the SDK flow now'),
  level_name: Joi.string().allow('').required(),
  review_status: Joi.string().allow('').required(),
  review_answer: Joi.string().allow('').required(),
  reject_type: Joi.string().valid('', 'RETRY', 'FINAL').required(),
  reject_labels: Joi.array().items(Joi.string()).required(),
  moderation_comment: Joi.string().allow('').required(),
  applicant_id: Joi.string().allow('').required(),
  verified_at: dateTime.required(),
  last_synced_at: dateTime.required(),
  updated_at: dateTime.required(),
}).label('StatusOut');

export const AccessTokenOutSchema = Joi.object({
  token: Joi.string().required().description('short-lived SDK token (never the user bearer token)'),
  user_id: Joi.string().required(),
  project: Joi.string().required(),
  provider: Joi.string().required().description('the external provider slug or inhouse; clients branch on it'),
  level_name: Joi.string().allow('').required(),
  ttl_secs: Joi.number().integer().required().example(SDK_TOKEN_TTL_SECS),
  status: status.required(),
  is_verified: Joi.boolean().required(),
  api_base: Joi.string().allow('').required().description('empty for the external provider; the in-house engine base URL otherwise'),
}).label('AccessTokenOut');

export const BrandingOutSchema = Joi.object({
  project: Joi.string().required(),
  name: Joi.string().required(),
  logo_url: Joi.string().allow('').required(),
  primary_color: Joi.string().allow('').required(),
  support_email: Joi.string().allow('').required(),
  provider: Joi.string().required(),
}).label('BrandingOut');

export const MessageOutSchema = Joi.object({
  detail: Joi.string().required(),
  status: Joi.string().required(),
}).label('MessageOut');

export const StatusCallbackSchema = StatusOutSchema.keys({
  version: Joi.number().integer().min(1).required(),
  event_id: Joi.string().guid().required(),
  event: Joi.string().valid(CALLBACK_EVENT).required(),
  occurred_at: Joi.string().isoDate().required(),
  attempt: Joi.number().integer().min(1),
  sent_at: Joi.string().isoDate(),
})
  .unknown(true)
  .label('StatusCallback');

/** Statuses in which the user can start or continue the SDK flow. */
export function canStart(status: CoarseStatus): boolean {
  return status === 'not_started' || status === 'pending' || status === 'retry';
}
