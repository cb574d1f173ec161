// A scanned page is usually one picture laid over the whole page and nothing else. Its
// pixels, as pdf.js decoded them, are then the page: taken as they are (grey), they
// spare drawing the page on a canvas (an A4 page of a 180 dpi picture: ~0.1 s instead
// of 0.2–0.3 s) and read the same words and fields (the 15 scanned pages tried: PNG,
// JPEG at 150 and 300 dpi, 1-bit, receipt photos). Anything else on the page, a picture
// turned, mirrored or not covering the page, one with a soft mask, one below 150 dpi (not
// tried this way: drawn at 200 dpi as before) or over the pixel budget: null, and the
// page is drawn.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import type { RawPicture } from '../../ocr/picture.js';
import type { PdfPage } from './pdf.js';

/** The operators a page of one picture is made of (besides the picture's). */
const FRAMING = new Set<number>([pdfjs.OPS.save, pdfjs.OPS.restore, pdfjs.OPS.transform, pdfjs.OPS.dependency]);
/** Pixels per point below which the page is drawn at 200 dpi instead (150 dpi, give or take 1 %). */
const MIN_SCALE = (150 / 72) * 0.99;

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** The page's one picture as grey pixels (with its pixels per point), or null. */
export async function pagePicture(page: PdfPage, maxPixels: number): Promise<{ image: RawPicture; scale: number } | null> {
  const paint = await onlyPicture(page);
  if (!paint || !page.objs.has(paint.id)) return null;
  const viewport = page.getViewport({ scale: 1 });
  // the picture's corners (image space: row 0 at the top) must be the page's, upright
  const corner = (u: number, v: number) => viewport.convertToViewportPoint(paint.ctm[0] * u + paint.ctm[2] * v + paint.ctm[4], paint.ctm[1] * u + paint.ctm[3] * v + paint.ctm[5]);
  const tolerance = Math.max(1, 0.005 * Math.max(viewport.width, viewport.height));
  const at = ([x, y]: number[], px: number, py: number) => Math.abs(x - px) <= tolerance && Math.abs(y - py) <= tolerance;
  if (!at(corner(0, 1), 0, 0) || !at(corner(1, 1), viewport.width, 0) || !at(corner(0, 0), 0, viewport.height)) return null;

  const img = page.objs.get(paint.id) as DecodedImage;
  const scale = img.width / viewport.width;
  const square = Math.abs(img.height / viewport.height / scale - 1) <= 0.01;
  if (!img.data || !square || scale < MIN_SCALE || img.width * img.height > maxPixels) return null;
  const { width, height, data } = img;
  if (img.kind === pdfjs.ImageKind.RGB_24BPP) {
    const rgb = Buffer.from(data.buffer, data.byteOffset, width * height * 3);
    const grey = await sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: false }).toColourspace('b-w').raw().toBuffer();
    return { image: { data: grey, width, height, channels: 1 }, scale };
  }
  if (img.kind === pdfjs.ImageKind.GRAYSCALE_1BPP) return { image: { data: unpackBits(data, width, height), width, height, channels: 1 }, scale };
  return null; // RGBA: a picture with a soft mask, drawn over the paper
}

/** The one picture-painting operator of a page made of nothing else, with the transform it is painted under. */
async function onlyPicture(page: PdfPage): Promise<{ id: string; ctm: number[] } | null> {
  const ops = await page.getOperatorList();
  let ctm = [1, 0, 0, 1, 0, 0];
  const saved: number[][] = [];
  let paint: { id: string; ctm: number[] } | null = null;
  for (const [i, fn] of ops.fnArray.entries()) {
    const args = ops.argsArray[i];
    if (fn === pdfjs.OPS.paintImageXObject && !paint) paint = { id: args[0], ctm };
    else if (!FRAMING.has(fn)) return null;
    else if (fn === pdfjs.OPS.save) saved.push(ctm);
    else if (fn === pdfjs.OPS.restore) ctm = saved.pop() ?? ctm;
    else if (fn === pdfjs.OPS.transform) ctm = pdfjs.Util.transform(ctm, args);
  }
  return paint;
}

/** pdf.js's 1-bit rows (a set bit is white, each row whole bytes) as grey levels. */
function unpackBits(bits: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const grey = Buffer.alloc(width * height);
  const rowBytes = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (bits[y * rowBytes + (x >> 3)] & (128 >> (x & 7))) grey[y * width + x] = 255;
  }
  return grey;
}
