// PDF input: the text layer as positioned tokens (pdf.js through pdf-parse's own
// copy of pdfjs-dist), embedded files (Factur-X / ZUGFeRD / UBL XML), page renders
// for OCR of scanned pages (a page that is one picture taken as that picture's pixels,
// ./page-picture.ts; any other drawn by the already open document onto pdf.js's canvas;
// either handed on as grey pixels) and the embedded pictures (logos and letterheads
// sometimes carry the supplier's name only as an image; pdf-parse getImage).
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import type { RawPicture } from '../../ocr/picture.js';
import { ANALYSIS_SIDE } from '../../ocr/measure-page.js';
import { inkSummary } from '../../ocr/blank-page.js';
import { pagePicture } from './page-picture.js';
import { checkPdfStreams } from './pdf-streams.js';
import type { PageBox, Token } from '../layout.js';
import { UnreadableDocument } from '../types.js';

export type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export interface PdfText {
  pages: PageBox[];
  tokens: Token[];
  /** characters of text per page: a page with (almost) none is a scan */
  charsPerPage: number[];
}

export interface PdfAttachment {
  name: string;
  content: Buffer;
}

/** pdf.js wants its own copy of the bytes (it detaches the buffer it is given). */
const bytes = (data: Buffer) => new Uint8Array(data);
/**
 * pdf.js decodes an embedded picture at its own size whatever the render scale: a
 * picture over this many pixels is skipped (pdf.js maxImageSize), so a small page
 * holding a 30000 × 30000 image cannot blow the budget either.
 */
const MAX_EMBEDDED_IMAGE_PIXELS = 40_000_000;

export async function openPdf(data: Buffer): Promise<PdfDocument> {
  checkPdfStreams(data); // a decompression bomb is refused before pdf.js inflates it
  try {
    return await pdfjs.getDocument({ data: bytes(data), verbosity: 0, isEvalSupported: false, useSystemFonts: false, stopAtErrors: false, maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS }).promise;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') throw new UnreadableDocument('document_encrypted', 'The PDF is password-protected; export it without a password and upload it again.');
    throw new UnreadableDocument('document_corrupt', `The PDF could not be opened: ${(err as Error).message}`);
  }
}

/**
 * A glyph the PDF's font maps to no character comes out as a control character ("B172FB37\u00000003",
 * a hyphen a subset font left unmapped). Between two letters or digits it joined them, most often as a
 * hyphen, so it stays one token; elsewhere it is a space.
 */
export function withoutControlCharacters(text: string): string {
  // (a glyph set apart as an item of its own, between the two it joins)
  if (/^[\u0000-\u0008\u000e-\u001f]$/.test(text)) return '-';
  return text.replace(/(?<=[\p{L}\p{N}])[\u0000-\u0008\u000e-\u001f](?=[\p{L}\p{N}])/gu, '-').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ');
}

export async function readPdfText(doc: PdfDocument, maxPages: number): Promise<PdfText> {
  const pages: PageBox[] = [];
  const tokens: Token[] = [];
  const charsPerPage: number[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
    let page: PdfPage;
    let content: Awaited<ReturnType<PdfPage['getTextContent']>>;
    try {
      page = await doc.getPage(n);
      content = await page.getTextContent();
    } catch (err) {
      // a broken page tree (a page that is its own parent, a missing object) is the document's fault
      throw new UnreadableDocument('document_corrupt', `Page ${n} of the PDF could not be read: ${(err as Error).message}`);
    }
    const viewport = page.getViewport({ scale: 1 });
    pages.push({ width: viewport.width, height: viewport.height });
    let chars = 0;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const str = withoutControlCharacters(item.str);
      if (!str.trim()) continue;
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      const h = Math.max(1, Math.abs(item.height || Math.hypot(item.transform[2], item.transform[3])));
      chars += str.trim().length;
      tokens.push({ text: str, page: n, x0: x, x1: x + Math.max(item.width, 0), y: y - h * 0.35, h });
    }
    charsPerPage.push(chars);
    page.cleanup();
  }
  return { pages, tokens, charsPerPage };
}

export async function readPdfAttachments(doc: PdfDocument): Promise<PdfAttachment[]> {
  const found = (await doc.getAttachments().catch(() => null)) as Record<string, { filename: string; content: Uint8Array }> | null;
  if (!found) return [];
  return Object.values(found).map((a) => ({ name: a.filename, content: Buffer.from(a.content) }));
}

/** 200 dpi: what the OCR engine reads best. */
export const RENDER_SCALE = 200 / 72;
/** Pixels one page render may have unless configured (RENDER_MAX_PIXELS): an A4 page at 200 dpi is 3.9 MP. */
export const DEFAULT_RENDER_MAX_PIXELS = 40_000_000;
/** The largest page side PDF allows (ISO 32000-1 Annex C: 14,400 units, 200 inches). */
export const MAX_PAGE_SIDE_PT = 14_400;
/** Below half a pixel per point (36 dpi) no text is legible: such a page is refused, not rendered. */
const MIN_RENDER_SCALE = 0.5;

/**
 * A page larger than A4 is rendered as a person would scan it: with the long side of an
 * A4 page at 300 dpi (3508 px), or as many pixels as that scan has (2480 × 3508) for a
 * long narrow strip, whichever is sharper — not as sharp as the pixel budget allows (a
 * 5000 × 5000 pt page at the 40 MP cap took ~10 s of OCR, for print no one can make
 * out at 200 dpi on such a page anyway).
 */
const SCAN_LONG_SIDE_PX = 3508;
const SCAN_PIXELS = 2480 * 3508;

/**
 * The render scale of a page: 200 dpi, or less for a page larger than A4 (as it would be
 * scanned, above), and always within `maxPixels` (a 5000 × 5000 pt page at 200 dpi would
 * be 190 MP, 760 MB of canvas). A page box that is not a page (empty, not finite, over
 * the PDF maximum, or too big to render legibly within the budget) is refused:
 * UnreadableDocument page_too_large (422).
 */
export function renderScale(page: PageBox, pageNumber: number, maxPixels = DEFAULT_RENDER_MAX_PIXELS): number {
  const { width, height } = page;
  const absurd = !(Number.isFinite(width) && Number.isFinite(height) && width >= 1 && height >= 1) || width > MAX_PAGE_SIDE_PT || height > MAX_PAGE_SIDE_PT;
  const budget = absurd ? 0 : Math.sqrt(maxPixels / (width * height));
  if (absurd || budget < MIN_RENDER_SCALE) {
    const size = Number.isFinite(width) && Number.isFinite(height) ? `${Math.round(width)} × ${Math.round(height)} pt` : 'not a finite size';
    throw new UnreadableDocument('page_too_large', `Page ${pageNumber} is ${size}; scanned pages up to ${MAX_PAGE_SIDE_PT} pt a side are read (rendered within ${Math.round(maxPixels / 1e6)} megapixels).`);
  }
  const scan = Math.max(SCAN_LONG_SIDE_PX / Math.max(width, height), Math.sqrt(SCAN_PIXELS / (width * height)), MIN_RENDER_SCALE);
  return Math.min(RENDER_SCALE, budget, scan);
}

/** pdf.js's canvas in Node (@napi-rs/canvas): `data()` is its RGBA pixels, without a copy. */
interface PageCanvas {
  canvas: { width: number; height: number; data(): Buffer };
  context: unknown;
}
interface CanvasFactory {
  create(width: number, height: number): PageCanvas;
  destroy(target: PageCanvas): void;
}

/**
 * Grey pictures of the given pages of the open document (with the pixels per point of
 * each), each within the pixel budget. A page that is one picture is that picture
 * (page-picture.ts); any other is drawn on white paper (opaque: the alpha channel is
 * dropped) and its pixels taken as they are — no PNG to encode here and decode again for
 * the OCR (an A4 page at 200 dpi: 0.2–0.3 s to draw with its grey copy; the PNG cost
 * ~0.15 s more, and a second parse of the PDF).
 */
export async function renderPages(doc: PdfDocument, pages: { number: number; box: PageBox }[], maxPixels = DEFAULT_RENDER_MAX_PIXELS): Promise<{ image: RawPicture; scale: number }[]> {
  const scales = pages.map((p) => renderScale(p.box, p.number, maxPixels)); // refuse before rendering anything
  const out: { image: RawPicture; scale: number }[] = [];
  for (const [i, p] of pages.entries()) {
    const page = await doc.getPage(p.number);
    try {
      out.push((await pagePicture(page, maxPixels)) ?? { image: await drawPage(page, scales[i], doc.canvasFactory as CanvasFactory), scale: scales[i] });
    } finally {
      page.cleanup();
    }
  }
  return out;
}

/**
 * The page numbers, of those given, whose page is blank (a few specks at most;
 * workers/ocr/blank-page.ts), judged on a small render (at most ANALYSIS_SIDE px a
 * side, the size the OCR preparation measures on): such a page is neither rendered in
 * full nor read. A page box that is not a page is refused first, as by renderPages
 * (page_too_large). A page that cannot be drawn small is not judged blank (the full
 * render reports it).
 */
export async function blankPages(doc: PdfDocument, pages: { number: number; box: PageBox }[], maxPixels = DEFAULT_RENDER_MAX_PIXELS): Promise<Set<number>> {
  for (const p of pages) renderScale(p.box, p.number, maxPixels); // a page that is not a page is refused before anything is drawn
  const blank = new Set<number>();
  for (const p of pages) {
    const scale = Math.min(RENDER_SCALE, ANALYSIS_SIDE / Math.max(p.box.width, p.box.height, 1));
    const page = await doc.getPage(p.number);
    try {
      const small = await drawPage(page, scale, doc.canvasFactory as CanvasFactory);
      if (inkSummary(small.data, small.width, small.height).blank) blank.add(p.number);
    } catch {
      // judged by its full render
    } finally {
      page.cleanup();
    }
  }
  return blank;
}

async function drawPage(page: PdfPage, scale: number, factory: CanvasFactory): Promise<RawPicture> {
  const viewport = page.getViewport({ scale });
  const target = factory.create(viewport.width, viewport.height);
  try {
    await page.render({ canvas: target.canvas, canvasContext: target.context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
    const { width, height } = target.canvas;
    // (the canvas is within the budget already: sharp's own pixel limit is not the guard here)
    const grey = await sharp(target.canvas.data(), { raw: { width, height, channels: 4 }, limitInputPixels: false }).removeAlpha().toColourspace('b-w').raw().toBuffer();
    return { data: grey, width, height, channels: 1 };
  } finally {
    factory.destroy(target);
  }
}

/** Pictures embedded in the first pages that are big enough to hold text. */
export async function embeddedImages(data: Buffer, pages: number[]): Promise<Buffer[]> {
  const parser = new PDFParse({ data: bytes(data), maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS });
  try {
    const result = await parser.getImage({ partial: pages, imageThreshold: 60, imageDataUrl: false, imageBuffer: true });
    return result.pages
      .flatMap((p) => p.images)
      .filter((i) => i.width >= 200 && i.height >= 40 && i.data)
      .slice(0, 4)
      .map((i) => Buffer.from(i.data));
  } finally {
    await parser.destroy();
  }
}
