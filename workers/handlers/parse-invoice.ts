import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { UnreadableDocument } from '../invoice/types.js';

/**
 * Parses an uploaded invoice into a preview session. Runs in the sandboxed
 * `invoices` child process (workers/processors/invoices.ts); returns the session id
 * and summary — the session itself is in PostgreSQL. A document that cannot be read
 * fails at once with its code (document_encrypted, document_empty, ...).
 */
export const parseInvoice: Handler<'invoice.parse'> = async (job, ctx) => {
  try {
    return await ctx.services.invoiceImport.parseDocument(job.data.document_id);
  } catch (err) {
    if (err instanceof UnreadableDocument) throw new UnrecoverableError(`${err.code}: ${err.message}`);
    throw err;
  }
};
