// The extractor's entry point: bytes in, ExtractedInvoice out. Pure (no database);
// CPU-heavy for scans, so it runs in the sandboxed `invoices` processor.
//
//   structured XML (UBL / CII)        -> exact fields
//   CSV export                        -> header row + item rows
//   plain text (a printout saved)     -> monospaced layout -> the layout readers
//   PDF with an embedded e-invoice    -> the XML wins over the printed text (Factur-X, ZUGFeRD, UBL)
//   PDF with a text layer             -> layout -> labels, vendor, line table
//   scanned PDF pages, PNG/JPEG/...   -> OCR words -> the same layout readers
import { buildLayout, layoutFromText, type Layout, type Token } from './layout.js';
import { OCR_CELL_GAP } from './formats/ocr-settings.js';
import { budgetLeft, ocrBudget, type OcrBudget } from './formats/ocr-budget.js';
import { parseXmlInvoice, xmlKind } from './formats/xml.js';
import { illegiblePages } from './formats/legibility.js';
import { parseCsvInvoice } from './formats/csv.js';
import { decodeText, looksLikePrintedText, sniffDocument } from '../../jobs/invoice-document.js';
import { readLaidOutInvoice } from './text/read-invoice.js';
import { nonStockKind } from './text/non-stock.js';
import { CONFIDENT_VENDOR_SCORE, readVendor } from './text/vendor.js';
import { surerReading, wantsSecondLook } from './second-look.js';
import { field, UnreadableDocument, type ExtractedInvoice, type ExtractionStats } from './types.js';

export interface ExtractOptions {
  /** per OCR call */
  ocrTimeoutMs: number;
  /**
   * OCR time the whole document may spend (INVOICE_OCR_BUDGET_MS; default: no budget beyond
   * each call's): pages left when it is spent are not read, and the invoice says so
   */
  ocrBudgetMs?: number;
  /** pages of a text PDF read at most */
  maxPages: number;
  /** pages OCR'd at most (scans are slow: about a second a page) */
  maxOcrPages: number;
  /** read a PDF's embedded e-invoice (default); false measures the layout readers alone */
  embeddedXml?: boolean;
  /** pixels one rendered page may have (RENDER_MAX_PIXELS; formats/pdf.ts) */
  renderMaxPixels?: number;
  /** OCR engine workers one page may be read by at once (OCR_THREADS; default 1) */
  ocrThreads?: number;
  /** read a photo a second time, by the second OCR engine, when unsure of its seller, date or total (default true; second-look.ts) */
  secondLook?: boolean;
  /** the OCR step (default: formats/image.ts); the accuracy bench wraps it in a cache */
  ocr?: OcrFunction;
}

export type OcrFunction = (typeof import('./formats/image.js'))['ocrTokens'];
type OcrTokens = Awaited<ReturnType<OcrFunction>>;

export const DEFAULT_EXTRACT_OPTIONS: ExtractOptions = { ocrTimeoutMs: 60_000, maxPages: 200, maxOcrPages: 10 };

/** A page with fewer printed characters than this is treated as a scan. */
const SCANNED_PAGE_CHARS = 25;
const FACTURX_NAMES = /^(?:factur-x|zugferd-invoice|zugferd_invoice|xrechnung|order-x)\.xml$/i;

export async function extractInvoice(data: Buffer, opts: ExtractOptions = DEFAULT_EXTRACT_OPTIONS): Promise<{ invoice: ExtractedInvoice; stats: ExtractionStats }> {
  const started = performance.now();
  const stats: ExtractionStats = { ocr_pages: 0, ocr_seconds: 0, duration_ms: 0 };
  const budget = opts.ocrBudgetMs ? ocrBudget(opts.ocrBudgetMs) : undefined;
  const sniffed = sniffDocument(data);
  if (!sniffed) throw new UnreadableDocument('unsupported_document_type', 'The document is not a PDF, an image, an e-invoice XML or a CSV file.');
  let invoice: ExtractedInvoice;
  if (sniffed.kind === 'xml') {
    const text = decodeText(data) ?? '';
    const kind = xmlKind(text);
    if (!kind) throw new UnreadableDocument('unsupported_document_type', 'The XML is neither a UBL 2.1 nor a UN/CEFACT CII invoice.');
    invoice = parseXmlInvoice(text, kind);
  } else if (sniffed.kind === 'csv') {
    const text = decodeText(data) ?? '';
    try {
      invoice = parseCsvInvoice(text);
    } catch (err) {
      // a receipt saved as text whose first line holds a comma ("ACME - Rodoviária, S.A.") is no table:
      // without a header row naming item columns, it is read as the printed text it is
      if (!(err instanceof UnreadableDocument) || !looksLikePrintedText(text)) throw err;
      invoice = fromLayout(layoutFromText(text), 'text', 1);
    }
  } else if (sniffed.kind === 'text') {
    invoice = fromLayout(layoutFromText(decodeText(data) ?? ''), 'text', 1);
  } else if (sniffed.kind === 'image') {
    const ocrTokens = opts.ocr ?? (await ocrEngine()).ocrTokens;
    const ocr = await ocrTokens([data], opts.ocrTimeoutMs, undefined, 1, false, { threads: opts.ocrThreads, ...(budget && { budget }) });
    if (ocr.unreadPages?.length) throw budgetSpent(budget!);
    stats.ocr_pages = 1;
    stats.ocr_seconds = sum(ocr.secondsPerPage);
    invoice = fromLayout(ocrLayout(ocr), 'image', 1);
    // unsure of the total: read at another scale, keep the surer reading of each field (one reading
    // only: a picture the first already turned or reread with its fallbacks is not worth them twice)
    if (opts.secondLook !== false && wantsSecondLook(invoice.header)) {
      const read = ocrTokens([data], opts.ocrTimeoutMs, undefined, 1, false, { engine: 'paddle', threads: opts.ocrThreads, ...(budget && { budget }) });
      const again = await extraReading(read, invoice.warnings, 'a second reading of the photo');
      if (again) {
        stats.ocr_seconds += sum(again.secondsPerPage);
        const layout = ocrLayout(again);
        if (layout.lines.length >= 2) invoice = surerReading(invoice, fromLayout(layout, 'image', 1));
      }
    }
  } else {
    invoice = await extractPdf(data, opts, stats, budget);
  }
  for (const line of invoice.lines) {
    const kind = nonStockKind(line);
    if (kind) line.non_stock = kind;
  }
  stats.duration_ms = Math.round(performance.now() - started);
  return { invoice, stats };
}

const budgetSpent = (budget: OcrBudget) => new UnreadableDocument('ocr_timeout', `OCR did not read the document within its budget of ${Math.round(budget.ms / 1000)} s.`);

const ocrLayout = (ocr: OcrTokens) => buildLayout(ocr.tokens, ocr.pages, ocr.quality, { cellGap: OCR_CELL_GAP });

/**
 * A reading beyond the one the document needs (a photo's second look, a PDF's logo
 * pictures): its failure (a timeout, a picture the OCR cannot decode) is a warning and
 * null, and what was read already stands.
 */
async function extraReading(reading: Promise<OcrTokens>, warnings: string[], what: string): Promise<OcrTokens | null> {
  try {
    return await reading;
  } catch (err) {
    warnings.push(`${what} could not be read (${(err as Error).message}); what was read without it stands`);
    return null;
  }
}

function fromLayout(layout: Layout, format: ExtractedInvoice['format'], pages: number): ExtractedInvoice {
  if (layout.lines.length < 2) throw new UnreadableDocument('document_empty', 'No text could be read from the document.');
  const reading = readLaidOutInvoice(layout);
  return { format, header: reading.header, lines: reading.lines, pages, warnings: [] };
}

// pdf.js and the OCR engine are loaded on first use: a process that only ever reads
// XML or CSV invoices does not pay their memory
const pdfReader = () => import('./formats/pdf.js');
const ocrEngine = () => import('./formats/image.js');

async function extractPdf(data: Buffer, opts: ExtractOptions, stats: ExtractionStats, budget: OcrBudget | undefined): Promise<ExtractedInvoice> {
  const { blankPages, embeddedImages, openPdf, readPdfAttachments, readPdfText, renderPages } = await pdfReader();
  const ocrTokens = opts.ocr ?? (await ocrEngine()).ocrTokens;
  const doc = await openPdf(data);
  try {
    const warnings: string[] = [];
    // an embedded e-invoice is exact: it wins over whatever the pages print
    const attachments = await readPdfAttachments(doc);
    const xmls = attachments.filter((a) => opts.embeddedXml !== false && /\.xml$/i.test(a.name)).sort((a, b) => Number(FACTURX_NAMES.test(b.name)) - Number(FACTURX_NAMES.test(a.name)));
    for (const a of xmls) {
      const text = decodeText(a.content);
      if (!text || !xmlKind(text)) continue;
      try {
        const embedded = parseXmlInvoice(text, 'facturx');
        return { ...embedded, pages: doc.numPages, warnings: [`read from the embedded e-invoice ${a.name}`] };
      } catch (err) {
        warnings.push(`the embedded ${a.name} could not be read (${(err as Error).message}); the printed text was used`);
      }
    }

    const text = await readPdfText(doc, opts.maxPages);
    // a text layer of nonsense (another program's failed OCR, fonts that map their glyphs wrong) is read from the picture instead
    const garbled = new Set(illegiblePages(text.tokens, text.charsPerPage.length).slice(0, opts.maxOcrPages));
    if (garbled.size) warnings.push(`the text layer of ${pagesListed([...garbled])} is garbled (a failed OCR or a broken font): read by OCR instead`);
    const tokens: Token[] = text.tokens.filter((t) => !garbled.has(t.page));
    let quality = 1;
    const scanned = text.charsPerPage.map((c, i) => (c < SCANNED_PAGE_CHARS || garbled.has(i + 1) ? i + 1 : 0)).filter(Boolean).slice(0, opts.maxOcrPages);
    let unread: number[] = [];
    // a blank page (judged on a small render) is neither rendered in full nor read
    const blank = scanned.length ? await blankPages(doc, scanned.map((n) => ({ number: n, box: text.pages[n - 1] })), opts.renderMaxPixels) : new Set<number>();
    if (blank.size) warnings.push(`${pagesNamed([...blank])} blank: not read`);
    const toRead = scanned.filter((n) => !blank.has(n));
    if (toRead.length) {
      const renders = await renderPages(doc, toRead.map((n) => ({ number: n, box: text.pages[n - 1] })), opts.renderMaxPixels);
      const ocr = await ocrTokens(renders.map((r) => r.image), opts.ocrTimeoutMs, toRead, renders.map((r) => r.scale), true, { threads: opts.ocrThreads, ...(budget && { budget }) });
      tokens.push(...ocr.tokens);
      unread = ocr.unreadPages ?? [];
      stats.ocr_pages += toRead.length - unread.length;
      stats.ocr_seconds += sum(ocr.secondsPerPage);
      // the layout's trust is the OCR's when most of the text came from it
      if (ocr.tokens.length > tokens.length - ocr.tokens.length) quality = ocr.quality;
    }
    // a garbled page the OCR could not read (its time spent, the engine failing) keeps what its text layer said
    const restored = [...garbled].filter((n) => !tokens.some((t) => t.page === n));
    for (const n of restored) tokens.push(...text.tokens.filter((t) => t.page === n));
    const allScanned = scanned.length - restored.length === text.charsPerPage.length;
    const layout = buildLayout(tokens, text.pages, quality, { cellGap: allScanned ? OCR_CELL_GAP : undefined });
    // the budget spent before anything usable was read: the document timed out (422 ocr_timeout)
    if (unread.length && layout.lines.length < 2) throw budgetSpent(budget!);
    const invoice = fromLayout(layout, allScanned ? 'pdf-scan' : 'pdf-text', doc.numPages);
    if (unread.length) invoice.warnings.push(`${pagesNamed(unread)} not read: the document's OCR time (${Math.round(budget!.ms / 1000)} s) was spent; check the lines against the document`);
    invoice.warnings.push(...warnings);

    // a supplier that prints its name only in a logo or letterhead picture
    const vendorBefore = readVendor(layout);
    if (vendorBefore.score < CONFIDENT_VENDOR_SCORE && !allScanned) {
      const pictures = await embeddedImages(data, [1]).catch(() => []);
      if (pictures.length) {
        const ocr = budgetLeft(budget) > 0 ? await extraReading(ocrTokens(pictures, opts.ocrTimeoutMs, undefined, 1, false, { threads: opts.ocrThreads, ...(budget && { budget }) }), invoice.warnings, 'the pictures on the first page') : null;
        if (ocr) {
          stats.ocr_seconds += sum(ocr.secondsPerPage);
          const extra = ocr.pages.map((p, i) => buildLayout(ocr.tokens.filter((t) => t.page === i + 1), [p], ocr.quality, { cellGap: OCR_CELL_GAP }));
          const withPictures = readVendor(layout, extra);
          if (withPictures.value && withPictures.score > vendorBefore.score) {
            invoice.header.vendor_name = field(withPictures.value, Math.min(withPictures.confidence, 0.8));
            invoice.warnings.push('vendor read from a picture on the first page');
          }
        }
      }
    }
    return invoice;
  } finally {
    await doc.destroy();
  }
}

const pagesListed = (pages: number[]) => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.join(', ')}`);
const pagesNamed = (pages: number[]) => `${pagesListed(pages)} ${pages.length === 1 ? 'was' : 'were'}`;

const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 1000) / 1000;
