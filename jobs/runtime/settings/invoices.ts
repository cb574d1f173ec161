// Invoice import and OCR: document limits, the reading engines and their budgets.
import Joi from 'joi';
import { inGroup, oneOf, setting } from './define.js';

export const invoicesGroup = { name: 'invoices', title: 'Invoice import and OCR' };

export const invoiceSettings = inGroup(invoicesGroup, {
  /** an OCR or barcode-decoding run longer than this fails (and its engine is restarted) */
  ocrTimeoutMs: setting('OCR_TIMEOUT_MS', Joi.number().integer().min(1000).max(600000).default(60000), 'an OCR or barcode-decoding run longer than this fails with `ocr_timeout` and its engine is restarted'),
  /** OCR engine workers one document page may be read by at once, each reading a band of it */
  ocrThreads: setting(
    'OCR_THREADS',
    Joi.number().integer().min(1).max(4).default(2),
    'tesseract workers one invoice or receipt page may be read by at once: the page is cut at blank rows into bands of about equal text, read side by side, a receipt in ~0.6–0.75 of the time when a core is idle; each worker holds ~40 MiB. `1` reads every page whole on one worker, for a machine kept busy by many uploads at once',
  ),
  invoiceMaxBytes: setting(
    'INVOICE_MAX_BYTES',
    Joi.number().integer().min(1024).max(64 * 1024 * 1024).default(20 * 1024 * 1024),
    'largest invoice document accepted by the preview, in bytes (default 20 MiB, at most 64 MiB); larger is 400 `document_too_large`',
  ),
  invoiceOcrMaxPages: setting('INVOICE_OCR_MAX_PAGES', Joi.number().integer().min(1).max(100).default(10), "scanned pages of one invoice that are OCR'd (about half a second each)"),
  invoiceSecondEngine: setting(
    'INVOICE_SECOND_ENGINE',
    oneOf(Joi.string().lowercase(), ['paddle', 'off']).default('paddle'),
    "the engine that reads a photo a second time when tesseract's reading is unsure of its seller, date or total (PaddleOCR; see *Reading documents it has never seen* in the README); `off` keeps tesseract's reading alone: receipts read faster (median ~0.3–0.4 s less) and invoice children stay ~0.6 GB smaller, at round 2's accuracy (unseen receipts: vendor 84 %, total 81 % instead of 87 % and 85 %)",
  ),
  invoicePreviewsPerMinute: setting(
    'INVOICE_PREVIEWS_PER_MINUTE',
    Joi.number().integer().min(1).max(100000).default(120),
    'invoice previews per user per minute (429 beyond; uploads refused at once with a 400 do not count)',
  ),
  /** most pixels one rendered PDF page may have (OCR of scanned invoices) */
  renderMaxPixels: setting(
    'RENDER_MAX_PIXELS',
    Joi.number().integer().min(1_000_000).max(100_000_000).default(40_000_000),
    'most pixels a PDF page is rendered with for OCR (the render scale is lowered to fit)',
  ),
  // what one document and one user may take of the sandboxed children, so heavy uploads cannot
  // starve everyone else's invoices (workers/invoice/, workers/user-lease.ts)
  invoiceWork: {
    ocrBudgetMs: setting(
      'INVOICE_OCR_BUDGET_MS',
      Joi.number().integer().min(1000).max(600000).default(60000),
      'time one document may spend on OCR, counted from the start of its extraction (renders included); pages left when it is spent are not read and the preview says so; nothing usable read is 422 `ocr_timeout`',
    ),
    userLeaseMs: setting(
      'INVOICE_USER_LEASE_MS',
      Joi.number().integer().min(1000).max(600000).default(30000),
      "lifetime of a user's running-job lease in the `invoices` queue (at most one running job per user), renewed while the job runs; a dead worker's lease lapses after it",
    ),
    leaseRetryMs: setting(
      'INVOICE_LEASE_RETRY_MS',
      Joi.number().integer().min(100).max(60000).default(2000),
      "how long a job that found its user's lease taken waits (delayed, no attempt used) before it tries again",
    ),
    sandboxIdleExitMs: setting(
      'SANDBOX_IDLE_EXIT_MS',
      Joi.number().integer().min(0).max(24 * 3600_000).default(180000),
      "a sandboxed child idle this long exits, giving its engines' memory back (an invoice child that read big pages or unsure photos holds 0.7–0.8 GiB while idle, however long; a new child is forked for the next job, a cold start of a second or two; `0`: never)",
    ),
  },
});
