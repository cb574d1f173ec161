// The records of the data-protection area, as the API shows them.
import Joi from 'joi';
import { listQuerySchema } from '../../../domain/shared/listing.js';
import { exportListSpec } from '../../../domain/data-protection/export-service.js';
import { deletionListSpec } from '../../../domain/data-protection/deletion-service.js';

const when = Joi.string().isoDate().allow(null);

export const DataExportRequestOut = Joi.object({
  id: Joi.string().guid().required(),
  user_id: Joi.string().guid().required().description('who asked; only they can download it'),
  status: Joi.string().valid('queued', 'running', 'completed', 'failed', 'expired').required(),
  format: Joi.string().valid('zip').required().description('a ZIP of JSON files per area (manifest.json lists them) plus the uploaded files under files/'),
  size: Joi.number().integer().allow(null).required().description('bytes of the archive once completed'),
  sections: Joi.object().pattern(Joi.string(), Joi.number().integer()).required().description('records per JSON file of the archive'),
  error: Joi.string().allow(null).required().description('why a failed export failed'),
  created_at: Joi.string().isoDate().required(),
  started_at: when.required(),
  completed_at: when.required(),
  expires_at: when.required().description('after this the archive is deleted (GDPR_EXPORT_TTL_HOURS after completion)'),
  download_url: Joi.string().uri().allow(null).required().description('GET it with your bearer token while completed and unexpired'),
}).label('DataExportRequest');

export const DataDeletionRequestOut = Joi.object({
  id: Joi.string().guid().required(),
  user_id: Joi.string().guid().allow(null).required().description('the account; null once it has been erased'),
  subject_id: Joi.string().guid().required().description('the id of the account to erase (kept after the erasure)'),
  status: Joi.string().valid('pending', 'running', 'completed', 'cancelled', 'failed').required(),
  reason: Joi.string().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
  scheduled_for: Joi.string().isoDate().required().description('end of the grace period (GDPR_DELETION_GRACE_DAYS): the erasure runs after it'),
  cancelled_at: when.required(),
  completed_at: when.required(),
  outcome: Joi.object().unknown(true).required().description('what the erasure did: teams handed over or deleted, entries redacted, billing rows anonymised, subscriptions ended (subscriptions_canceled, curated_subscribers_canceled) and how many of them are canceled at the payment processor too by a job after the erasure (processor_cancellations_requested)'),
}).label('DataDeletionRequest');

export const DataDeletionRequestIn = Joi.object({
  current_password: Joi.string().min(1).max(128).required().description('the account password, checked like change-password (5 wrong per 15 minutes, then 429)'),
  reason: Joi.string().trim().max(500).allow('', null).description('optional, kept with the request'),
}).label('DataDeletionRequestIn');

export const uuidParam = (label: string) => Joi.object({ id: Joi.string().max(64).required().description('the request id (uuid)') }).label(label);

const page = (out: Joi.ObjectSchema, label: string) =>
  Joi.object({ count: Joi.number().integer().required(), next: Joi.string().allow(null).required(), previous: Joi.string().allow(null).required(), results: Joi.array().items(out).required() }).label(label);

export const DataExportRequestPage = page(DataExportRequestOut, 'DataExportRequestPage');
export const DataDeletionRequestPage = page(DataDeletionRequestOut, 'DataDeletionRequestPage');
export const exportListQuery = listQuerySchema(exportListSpec, 'DataExportRequestListQuery');
export const deletionListQuery = listQuerySchema(deletionListSpec, 'DataDeletionRequestListQuery');
