// Schemas shared by several routes. Route-specific schemas live in the route file.
import Joi from 'joi';

// the list mechanism's own value schemas (services declare filters with them)
export { id, pageQuery } from '../../domain/shared/listing.js';

export const MessageOnly = Joi.object({ message: Joi.string().required() }).unknown(true).label('InfoMessage');

export const email = Joi.string().trim().email({ tlds: { allow: false } }).max(254);
export const password = Joi.string().min(1).max(128);
export const otpCode = Joi.string().trim().pattern(/^\d{6}$/).messages({ 'string.pattern.base': 'otp_code must be 6 digits' });
export const uuid = Joi.string().guid();

export const UserOut = Joi.object({
  id: Joi.string().guid(),
  email: Joi.string(),
  first_name: Joi.string().allow(''),
  last_name: Joi.string().allow(''),
  is_verified: Joi.boolean(),
  is_staff: Joi.boolean(),
  date_joined: Joi.string().isoDate(),
}).label('User');

export const JobAccepted = Joi.object({
  status: Joi.string().valid('queued', 'running').required(),
  job_id: Joi.string().required(),
  state: Joi.string(),
  poll_url: Joi.string().uri(),
  websocket: Joi.string().description('Connect to /ws/notifications/?token=... to receive job.completed / job.failed'),
}).label('JobAccepted');
