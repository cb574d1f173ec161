// Pictures of invoices (photos, scans, rendered PDF pages) -> positioned words,
// through the shared OCR module (workers/ocr/recognize.ts: tesseract.js with the
// bundled English model, kept warm per process). Words keep their boxes so rows and
// columns are rebuilt the same way as for a PDF text layer. Uploads arrive as encoded
// bytes, rendered PDF pages as grey pixels (workers/ocr/picture.ts), and stay pixels
// through the shading check and the engine's preparation.
import { readPicture, type Picture, type RawPicture } from '../../ocr/picture.js';
import { recognize, OcrTimeout, UnreadableImage } from '../../ocr/recognize.js';
import { recognizeLines } from '../../ocr/paddle-ocr.js';
import type { PageBox, Token } from '../layout.js';
import { UnreadableDocument } from '../types.js';
import { budgetLeft, type OcrBudget } from './ocr-budget.js';

/** Names the OCR pipeline (preprocessing and engine settings): a cache of OCR output must change with it. */
// (v9 also since the sheet on a dark ground is cut out first: that changes only pictures mostly dark, whose cached readings were dropped;
// v10: a skewed picture is turned back the right way, to a tenth of a degree, and a wide page from 0.3°;
// v12: a page whose rows its rules joined, when its first pass reads little, is read next as it came, before the
// passes for faint print; v11 was a try of round 19 that was not kept)
export const OCR_PIPELINE_ID = 'document-v12';

export interface OcrTokens {
  tokens: Token[];
  pages: PageBox[];
  /** 0–1, mean word confidence */
  quality: number;
  /** seconds spent recognising, per image read */
  secondsPerPage: number[];
  /** page numbers not read because the document's OCR budget was spent (OcrBudget) */
  unreadPages?: number[];
}


export interface OcrOptions {
  /**
   * tesseract (default: fast, always there) or PaddleOCR (slower and heavier, better at large
   * or faint print; workers/ocr/paddle-ocr.ts), the second opinion on an unsure photo
   */
  engine?: 'tesseract' | 'paddle';
  /** tesseract: engine workers a page may be read by at once, in bands (default 1) */
  threads?: number;
  /** the document's OCR budget: each reading gets at most what is left of it */
  budget?: OcrBudget;
}

/**
 * OCR of each image. `pageNumbers[i]` is the page image i lands on, and `scales`
 * (one for all, or one per image) divides pixel positions back to the page's own
 * units (a PDF page rendered at 200 dpi has scale 200/72), so OCR words can sit
 * beside a text layer. `rendered`: the images are PDF pages rendered by us (clean
 * white paper, where shaded table rows are binarised first); photos and scans go to
 * the engine's document preparation as they are (binarising them first lost totals
 * on the development receipts).
 */
export async function ocrTokens(images: Picture[], timeoutMs: number, pageNumbers?: number[], scales: number | number[] = 1, rendered = false, options: OcrOptions = {}): Promise<OcrTokens> {
  const tokens: Token[] = [];
  const pages: PageBox[] = [];
  const seconds: number[] = [];
  let confidence = 0;
  let words = 0;
  const unread: number[] = [];
  for (const [i, image] of images.entries()) {
    // each page has its own render scale (formats/pdf.ts keeps big pages within a pixel budget)
    const scale = Array.isArray(scales) ? (scales[i] ?? 1) : scales;
    const left = budgetLeft(options.budget);
    if (left < MIN_READING_MS) {
      unread.push(...images.slice(i).map((_, j) => pageNumbers?.[i + j] ?? i + j + 1));
      break;
    }
    const callMs = Math.max(1, Math.floor(Math.min(timeoutMs, left)));
    let result;
    try {
      const input = rendered ? await flattenShading(image) : image;
      result =
        options.engine === 'paddle'
          ? await recognizeLines(input, { timeoutMs: callMs })
          : await recognize(input, { timeoutMs: callMs, words: true, document: true, threads: options.threads });
    } catch (err) {
      if (err instanceof UnreadableImage) throw new UnreadableDocument('document_corrupt', err.message);
      // the document's budget ran out during this page: it and the pages after it stay unread
      if (err instanceof OcrTimeout && callMs < timeoutMs) {
        unread.push(...images.slice(i).map((_, j) => pageNumbers?.[i + j] ?? i + j + 1));
        break;
      }
      if (err instanceof OcrTimeout) throw new UnreadableDocument('ocr_timeout', err.message);
      throw err;
    }
    seconds.push(result.duration_ms / 1000);
    pages.push({ width: result.width / scale, height: result.height / scale });
    const page = pageNumbers?.[i] ?? i + 1;
    for (const line of result.lines) {
      const h = Math.max(1, line.bbox.y1 - line.bbox.y0) / scale;
      const y = (line.bbox.y0 + line.bbox.y1) / 2 / scale;
      for (const w of line.words ?? []) {
        // stray marks read as short words with no confidence are noise
        if (w.confidence < 20 && w.text.length <= 2) continue;
        tokens.push({ text: w.text, page, x0: w.bbox.x0 / scale, x1: w.bbox.x1 / scale, y, h, conf: w.confidence / 100 });
        confidence += w.confidence;
        words++;
      }
    }
  }
  const quality = words ? Math.max(0.3, Math.min(1, confidence / words / 100)) : 0;
  return { tokens, pages, quality, secondsPerPage: seconds, ...(unread.length ? { unreadPages: unread } : {}) };
}

/** Less of the budget than this left: a page is not started (it would not finish). */
const MIN_READING_MS = 500;

/** The grey level under which a binarised page's pixel is ink. */
const SHADING_INK = 200;

/**
 * Rows printed on grey bands (a common table style) are skipped by the OCR engine's
 * page segmentation; a rendered page — mostly white paper with such bands — is
 * binarised first. The shares of white and grey are counted on a small copy; only a
 * page that is binarised becomes a new picture (grey pixels, no encoding).
 */
export async function flattenShading(image: Picture): Promise<Picture> {
  const read = () => readPicture(image, { limitInputPixels: 60_000_000 }).grayscale();
  try {
    const data = await read().resize({ width: 400, withoutEnlargement: true }).raw().toBuffer();
    let white = 0;
    let grey = 0;
    for (const v of data) {
      if (v > 235) white++;
      else if (v > 120) grey++;
    }
    if (white < data.length * 0.6 || grey < data.length * 0.05) return image;
    const { data: ink, info } = await read().threshold(SHADING_INK).raw().toBuffer({ resolveWithObject: true });
    return { data: ink, width: info.width, height: info.height, channels: info.channels } satisfies RawPicture;
  } catch {
    return image; // recognize() reports an undecodable picture
  }
}
