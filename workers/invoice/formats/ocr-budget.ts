// The OCR time budget of one document (kept apart from ./image.ts, which loads the OCR
// engines: the extractor starts the clock before it knows whether it needs them).

/**
 * The OCR time one document may spend, over all its pages and readings
 * (INVOICE_OCR_BUDGET_MS): `deadline` in performance.now() milliseconds. Once it is
 * spent the pages left are not read (OcrTokens.unreadPages); what was read stands.
 */
export interface OcrBudget {
  deadline: number;
  ms: number;
}

export const ocrBudget = (ms: number): OcrBudget => ({ deadline: performance.now() + ms, ms });
/** Milliseconds left of a budget (Infinity without one). */
export const budgetLeft = (budget: OcrBudget | undefined): number => (budget ? budget.deadline - performance.now() : Infinity);
