import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { UnreadableDocument } from '../invoice/types.js';
import { extractInvoice } from '../invoice/extract.js';

/**
 * Parses an uploaded invoice into a preview session. Runs in the sandboxed
 * `invoices` child process (workers/processors/invoices.ts): the import service
 * gives the stored bytes, the extractor (workers/invoice/) reads them here, and the
 * service saves what it read as the session; returns the session id and summary —
 * the session itself is in PostgreSQL. A document that cannot be read fails at once
 * with its code (document_encrypted, document_empty, ...).
 */
export const parseInvoice: Handler<'invoice.parse'> = async (job, ctx) => {
  const imports = ctx.services.invoiceImport;
  const documentId = job.data.document_id;
  const source = await imports.documentToParse(documentId);
  if (source.state === 'parsed') return source.result;
  if (source.state === 'gone') throw new UnrecoverableError(`document_corrupt: ${source.message}`);
  const { config } = ctx.platform;
  let extracted;
  try {
    extracted = await extractInvoice(source.data, { ocrTimeoutMs: config.ocrTimeoutMs, ocrBudgetMs: config.invoiceWork.ocrBudgetMs, maxPages: 200, maxOcrPages: config.invoiceOcrMaxPages, renderMaxPixels: config.renderMaxPixels, ocrThreads: config.ocrThreads, secondLook: config.invoiceSecondEngine !== 'off' });
  } catch (err) {
    if (err instanceof UnreadableDocument) {
      await imports.markUnreadable(documentId, err);
      throw new UnrecoverableError(`${err.code}: ${err.message}`);
    }
    throw err;
  }
  return imports.saveSession(documentId, extracted);
};
