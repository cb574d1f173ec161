import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id, JobAccepted } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { BULK_STORE_STATUS } from '../jobs/job-result.js';
import { actor } from '../../plugins/scope.js';
import { jobAccepted, notificationsWsUrl } from '../respond.js';
import { DomainError } from '../../../jobs/runtime/errors.js';
import { BulkStoreConflictOut, BulkStoreDuplicateOut, BulkStoreFailureOut, BulkStoreOut } from './schemas.js';

// Line fields are checked by the store itself, not here, so that an invalid line
// is recorded on the session (failed, error_payload) as the spec requires.
const BulkLineIn = Joi.object({
  line_number: Joi.any().description('integer: a line_number of the session\'s preview lines'),
  product_id: Joi.any().description('integer id of a product in the scope, or null/absent to use product_name'),
  product_name: Joi.any().description('string: with no product_id, the product of this name (any case) is used, or created in product_family_name'),
  selected_quantity: Joi.any().description('string holding a whole number > 0, e.g. "3"'),
  inventory_id: Joi.any().description('integer; defaults to the session\'s inventory'),
  storage_box_id: Joi.any().description('integer, a box of that inventory; defaults to the session\'s box'),
  receive_non_stock: Joi.any().description('true: receive a non-stock line (status `non_stock`: fee, levy, deposit, shipping, rounding, discount) as stock anyway; without it such a line is an error (field receive_non_stock)'),
})
  .unknown(true)
  .label('BulkLineIn');

export default {
  method: 'POST',
  path: '/api/invoice-import/bulk-store/',
  options: {
    tags: ['api', 'invoice-import'],
    description: 'Apply a preview session to the inventory, all or nothing',
    notes: [
      'Every line is validated first: line_number from the session (once each), selected_quantity a string holding a whole number > 0, product/inventory/box in the caller\'s scope and the box in that inventory. Any invalid line: 400 with status `error`, a message saying the store was aborted and nothing was written, and `errors` [{line_number, field, message}]; the session becomes `failed` with that error_payload, and can be sent again with corrected lines.',
      'All valid: one database transaction creates the missing products in `product_family_name` (or the family named at preview), receives the stock through the ledger (kind `import`), and sets the session `applied` with its results and summary. Lines of the session not sent are skipped (summary.skipped_lines).',
      'An applied session is never written twice: 409 with the stored results (error code session_already_applied). Two concurrent stores of one session: exactly one applies, the other answers 409.',
      'Duplicates: when another session of the scope has already applied the same invoice (the same file, or the same seller and invoice number, or seller, date and total; see the preview\'s `duplicate_of`), the store answers 409 with error code `duplicate_invoice` and `duplicate_of`, writes nothing and leaves the session as it was — unless the request says `confirm_duplicate: true`. Checked inside the applying transaction, so two copies stored at once cannot both pass.',
      'Non-stock lines (preview status `non_stock`) are received only with `receive_non_stock: true` on the line; otherwise they are an invalid line (400, field receive_non_stock). Leave them out to store the rest.',
      'Runs as a job on the `imports` queue; the call waits up to JOB_WAIT_MS, else 202 with job_id (the job result holds attempt_id and http_status; GET /api/invoice-import/sessions/{id}/ shows the outcome). At most 20,000 lines.',
    ].join('\n\n'),
    payload: { maxBytes: 16 * 1024 * 1024 },
    validate: {
      payload: Joi.object({
        session_id: id.required(),
        product_family_name: Joi.string().trim().max(150).allow('').description('family for products created from lines without product_id; defaults to the one given at preview'),
        lines: Joi.array().items(BulkLineIn).min(1).max(20000).required(),
        confirm_duplicate: Joi.boolean().default(false).description('store the invoice although another session of the scope already applied it (else 409 duplicate_invoice)'),
      }).label('BulkStoreIn'),
    },
    response: { status: { 200: BulkStoreOut, 202: JobAccepted, 400: BulkStoreFailureOut, 409: Joi.alternatives().try(BulkStoreConflictOut, BulkStoreDuplicateOut).label('BulkStoreConflict') } },
    plugins: errorDocs(401, 403, 404, 503),
  },
  async handler(request, h) {
    const answer = await request.server.app.services.invoiceImport.bulkStore(actor(request), request.payload as never);
    if ('outcome' in answer) return h.response(answer.body).code(BULK_STORE_STATUS[answer.outcome]);
    if (!answer.done) return jobAccepted(h, answer, notificationsWsUrl(request.server.app.platform.config.publicBaseUrl));
    throw new DomainError('unavailable', 'store_failed', 'The bulk store could not be completed and nothing was written; send it again.');
  },
} satisfies ServerRoute;
