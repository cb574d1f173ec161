// PDF input: the text layer as positioned tokens (pdf.js through pdf-parse's own
// copy of pdfjs-dist), embedded files (Factur-X / ZUGFeRD / UBL XML), page renders
// for OCR of scanned pages (pdf-parse getScreenshot) and the embedded pictures
// (logos and letterheads sometimes carry the supplier's name only as an image).
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFParse } from 'pdf-parse';
import type { PageBox, Token } from '../layout.js';
import { UnreadableDocument } from '../types.js';

type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;

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

export async function openPdf(data: Buffer): Promise<PdfDocument> {
  try {
    return await pdfjs.getDocument({ data: bytes(data), verbosity: 0, isEvalSupported: false, useSystemFonts: false, stopAtErrors: false }).promise;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') throw new UnreadableDocument('document_encrypted', 'The PDF is password-protected; export it without a password and upload it again.');
    throw new UnreadableDocument('document_corrupt', `The PDF could not be opened: ${(err as Error).message}`);
  }
}

export async function readPdfText(doc: PdfDocument, maxPages: number): Promise<PdfText> {
  const pages: PageBox[] = [];
  const tokens: Token[] = [];
  const charsPerPage: number[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    pages.push({ width: viewport.width, height: viewport.height });
    const content = await page.getTextContent();
    let chars = 0;
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      const h = Math.max(1, Math.abs(item.height || Math.hypot(item.transform[2], item.transform[3])));
      chars += item.str.trim().length;
      tokens.push({ text: item.str, page: n, x0: x, x1: x + Math.max(item.width, 0), y: y - h * 0.35, h });
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

/** PNG renders of the given pages, about 200 dpi (what the OCR engine reads best). */
export async function renderPages(data: Buffer, pageNumbers: number[]): Promise<Buffer[]> {
  const parser = new PDFParse({ data: bytes(data) });
  try {
    const shot = await parser.getScreenshot({ partial: pageNumbers, scale: 200 / 72, imageDataUrl: false, imageBuffer: true });
    return shot.pages.map((p) => Buffer.from(p.data));
  } finally {
    await parser.destroy();
  }
}

/** Pictures embedded in the first pages that are big enough to hold text. */
export async function embeddedImages(data: Buffer, pages: number[]): Promise<Buffer[]> {
  const parser = new PDFParse({ data: bytes(data) });
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
