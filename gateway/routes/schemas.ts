// Schemas shared by several routes. Route-specific schemas live in the route file.
import Joi from 'joi';

export const ErrorOut = Joi.object({
  error: Joi.object({
    code: Joi.string().required().example('validation_error'),
    message: Joi.string().required(),
    details: Joi.any().description('Field issues [{path, message, type}] for validation errors, or extra facts; null otherwise'),
  }).label('ErrorDetail'),
}).label('Error');

export const MessageOnly = Joi.object({ message: Joi.string().required() }).unknown(true).label('Message');

export const email = Joi.string().trim().email({ tlds: { allow: false } }).max(254);
export const password = Joi.string().min(1).max(128);
export const otpCode = Joi.string().trim().pattern(/^\d{6}$/).messages({ 'string.pattern.base': 'otp_code must be 6 digits' });
export const uuid = Joi.string().guid();
export const id = Joi.number().integer().positive().max(2147483647);

export const UserOut = Joi.object({
  id: Joi.string().guid(),
  email: Joi.string(),
  first_name: Joi.string().allow(''),
  last_name: Joi.string().allow(''),
  is_verified: Joi.boolean(),
  is_staff: Joi.boolean(),
  date_joined: Joi.string().isoDate(),
}).label('User');

export const pageQuery = {
  page: Joi.number().integer().min(1).default(1).description('1-based page number'),
  page_size: Joi.number().integer().min(1).max(100).default(20).description('rows per page (max 100)'),
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (code validation_error and field paths in details, or a specific code)',
  401: 'Missing, invalid or expired credentials',
  403: 'Not allowed for this caller',
  404: 'Not found in the caller\'s scope',
  409: 'Conflicts with the current state',
  413: 'Upload too large',
  415: 'Unsupported media type',
  422: 'Document or input that cannot be processed',
  429: 'Rate limited (see Retry-After)',
  503: 'A dependency is unavailable; retry',
  504: 'A dependency did not answer in time',
};

/**
 * Documents the error answers of a route (route option `plugins`). They are not in
 * response.status because hapi would validate its own error payloads against them
 * before the error mapper shapes them.
 */
export const errorDocs = (...codes: number[]) => ({
  'hapi-swagger': { responses: Object.fromEntries(codes.map((c) => [c, { description: ERROR_TEXT[c] ?? 'Error', schema: ErrorOut }])) },
});

export const JobAccepted = Joi.object({
  status: Joi.string().valid('queued', 'running').required(),
  job_id: Joi.string().required(),
  state: Joi.string(),
  poll_url: Joi.string().uri(),
  websocket: Joi.string().description('Connect to /ws/notifications/?token=... to receive job.completed / job.failed'),
}).label('JobAccepted');
