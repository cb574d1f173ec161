// A photo or scan of a document (receipt, invoice page) made ready for the OCR engine:
//
//   EXIF orientation -> grey -> measure (on a small copy: the ink threshold by Otsu, the
//   skew by the projection profile, the text's extent and its row height) -> straighten
//   -> crop to the text -> scale so a text row is ~TARGET_ROW_PX high -> contrast stretch.
//
// Why each step: phone photos arrive rotated by EXIF; small text (a receipt photographed
// whole, or a slip in the middle of an A4 scan) is read far better once a text row is
// about 30 px high, and shrinking the margins first keeps that upscale cheap; a dim or
// faded photo gains from stretching its grey levels (0.1–99.9 percentile) before the
// engine's own binarisation; a few degrees of skew break rows apart. Binarising by hand
// (Otsu/Sauvola) did not help the engine on the development receipts, so it is not done.
// Word boxes the engine returns are mapped back with `toSource` into the upright,
// straightened picture at its original size, so positions stay in page units. The picture
// may come encoded (an upload) or as pixels (a rendered PDF page, ./picture.ts): grey
// pixels are measured as they are, without a copy.
import sharp from 'sharp';
import { isRawPicture, readPicture, type Picture, type RawPicture } from './picture.js';

/** Height of a text row (ink from the top of capitals to the bottom of descenders) the engine reads best. */
export const TARGET_ROW_PX = 30;
/**
 * Grey levels mapped to black and white by the contrast stretch (0.1 and 99.9 percentile
 * of the text box). A harder stretch (1st–99th) saved faint photos but cost digits on
 * ordinary receipts (totals 37 → 34 of 44 on the tuning receipts); faint print gets its
 * own pass when the first reads little (recognize.ts).
 */
const STRETCH_QUANTILES = [0.001, 0.999] as const;
/** Longest side handed to the engine after scaling. */
const MAX_PREPARED_SIDE = 4000;
/** Never enlarge more than this (a tiny thumbnail does not become readable). */
const MAX_UPSCALE = 3;
/** Longest side of the copy the measurements are made on. */
const ANALYSIS_SIDE = 1400;
/** Skew angles tried, in degrees (either way). */
const MAX_SKEW = 6;
const SKEW_STEP = 0.5;
/** Below this the picture is not rotated (the engine copes with a little skew). */
const MIN_SKEW = 0.75;

export interface PreparedDocument {
  /** the prepared picture: grey, one byte a pixel */
  pixels: RawPicture & { channels: 1 };
  /**
   * the prepared picture, or a band of its rows, encoded for the engine: as a binary PGM
   * (a header and the grey bytes as they are, which the engine reads as fast as pixels;
   * a PNG cost ~17 ms to write and as much to read back)
   */
  encode: (band?: { top: number; height: number }) => Buffer;
  /** the picture's size after EXIF orientation (the page box of its words) */
  width: number;
  height: number;
  /** maps a box of the prepared picture back into the upright picture */
  toSource: (box: { x0: number; y0: number; x1: number; y1: number }) => { x0: number; y0: number; x1: number; y1: number };
  /** what was done, for diagnostics */
  steps: { skew: number; crop: { left: number; top: number; width: number; height: number }; scale: number; rowPx: number; tall: boolean };
}

export interface PrepareOptions {
  /** decompression-bomb guard */
  maxInputPixels: number;
  /** stretch the grey levels (default true) */
  stretch?: boolean;
}

export async function prepareDocumentImage(image: Picture, opts: PrepareOptions): Promise<PreparedDocument> {
  // (every raw step says b-w: sharp otherwise hands back three channels)
  const grey = await uprightGrey(image, opts.maxInputPixels);
  const { width, height } = grey;

  const a = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const small = a < 1 ? await sharp(grey.data, { raw: { width, height, channels: grey.channels } }).resize({ width: Math.max(1, Math.round(width * a)), kernel: 'linear' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true }) : { data: grey.data, info: { width, height } };
  const m = measure(small.data, small.info.width, small.info.height);

  // straighten the whole picture (white corners), then work in its frame
  let frame = grey;
  const skew = Math.abs(m.skew) >= MIN_SKEW ? m.skew : 0;
  if (skew) {
    const r = await sharp(grey.data, { raw: { width, height, channels: grey.channels } }).rotate(skew, { background: { r: 255, g: 255, b: 255 } }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    frame = { data: r.data, width: r.info.width, height: r.info.height, channels: r.info.channels };
  }
  // the measurements were made on the unrotated small copy: for a straightened picture
  // the text box is measured again on its own small copy (cheap), else scaled up
  const box = skew ? scaleBox(measure(await smallCopy(frame, a), Math.round(frame.width * a), Math.round(frame.height * a), false).box, 1 / a, frame) : scaleBox(m.box, 1 / a, frame);
  const rowPx = m.rowHeight / a;
  let scale = rowPx > 0 ? TARGET_ROW_PX / rowPx : 1;
  scale = Math.min(scale, MAX_UPSCALE, MAX_PREPARED_SIDE / Math.max(box.width, box.height));
  // within 15 % of the target the picture is left at its size (resampling costs time and sharpness)
  if (scale > 0.85 && scale < 1.15) scale = 1;

  let pipeline = sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: frame.channels } }).extract(box);
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.max(1, Math.round(box.width * scale)), kernel: scale > 1 ? 'lanczos3' : 'linear' });
  // the stretch is measured on the small copy's text box: one linear pass (sharp's own
  // normalise() goes through a colour space and a histogram of its own, ~5× slower)
  if (opts.stretch !== false) {
    const { lo, hi } = greyRange(small.data, small.info.width, m.box, STRETCH_QUANTILES[0], STRETCH_QUANTILES[1]);
    if (hi - lo >= 8 && (lo > 0 || hi < 255)) pipeline = pipeline.linear(255 / (hi - lo), (-255 * lo) / (hi - lo));
  }
  const out = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const pixels = { data: out.data, width: out.info.width, height: out.info.height, channels: 1 as const };
  const encode = (band = { top: 0, height: pixels.height }) => {
    const rows = pixels.data.subarray(band.top * pixels.width, (band.top + band.height) * pixels.width);
    return Buffer.concat([Buffer.from(`P5\n${pixels.width} ${band.height}\n255\n`, 'latin1'), rows]);
  };

  const { cos, sin } = { cos: Math.cos((skew * Math.PI) / 180), sin: Math.sin((skew * Math.PI) / 180) };
  const toSource = (b: { x0: number; y0: number; x1: number; y1: number }) => {
    // prepared -> straightened frame
    const x0 = b.x0 / scale + box.left;
    const x1 = b.x1 / scale + box.left;
    const y0 = b.y0 / scale + box.top;
    const y1 = b.y1 / scale + box.top;
    if (!skew) return { x0, y0, x1, y1 };
    // straightened frame -> upright picture: rotate the box centre back, keep its size
    const cx = (x0 + x1) / 2 - frame.width / 2;
    const cy = (y0 + y1) / 2 - frame.height / 2;
    const ux = cx * cos + cy * sin + width / 2;
    const uy = -cx * sin + cy * cos + height / 2;
    return { x0: ux - (x1 - x0) / 2, y0: uy - (y1 - y0) / 2, x1: ux + (x1 - x0) / 2, y1: uy + (y1 - y0) / 2 };
  };
  return { pixels, encode, width, height, toSource, steps: { skew, crop: box, scale: round2(scale), rowPx: round2(rowPx), tall: box.height > box.width * 1.6 } };
}

/** The picture upright and grey; grey pixels (a rendered PDF page) are taken as they are. */
async function uprightGrey(image: Picture, maxInputPixels: number): Promise<RawPicture> {
  if (isRawPicture(image) && image.channels === 1) {
    if (image.width * image.height > maxInputPixels) throw new Error('Input image exceeds pixel limit');
    return image;
  }
  const { data, info } = await readPicture(image, { limitInputPixels: maxInputPixels, failOn: 'error' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function smallCopy(frame: { data: Buffer; width: number; height: number; channels: number }, a: number): Promise<Buffer> {
  if (a >= 1) return frame.data;
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: frame.channels as 1 } }).resize({ width: Math.max(1, Math.round(frame.width * a)), height: Math.max(1, Math.round(frame.height * a)), fit: 'fill', kernel: 'linear' }).toColourspace('b-w').raw().toBuffer();
}

function scaleBox(b: Box, f: number, frame: { width: number; height: number }) {
  const left = Math.max(0, Math.floor(b.left * f));
  const top = Math.max(0, Math.floor(b.top * f));
  return { left, top, width: Math.max(1, Math.min(frame.width - left, Math.ceil(b.width * f))), height: Math.max(1, Math.min(frame.height - top, Math.ceil(b.height * f))) };
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Measures {
  /** degrees, the rotation that makes text rows horizontal */
  skew: number;
  /** where the text is, with a margin */
  box: Box;
  /** median height of a text row, in pixels of the measured picture */
  rowHeight: number;
}

/** The grey levels at two quantiles of a box of the picture (a contrast stretch maps them to black and white). */
export function greyRange(data: Uint8Array | Buffer, width: number, box: Box, lower: number, upper: number): { lo: number; hi: number } {
  const hist = new Float64Array(256);
  let n = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    const row = y * width;
    for (let x = box.left; x < box.left + box.width; x++) {
      hist[data[row + x]]++;
      n++;
    }
  }
  if (!n) return { lo: 0, hi: 255 };
  let lo = 0;
  let hi = 255;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v];
    if (seen > n * lower) {
      lo = v;
      break;
    }
  }
  for (let v = 255, seen = 0; v >= 0; v--) {
    seen += hist[v];
    if (seen > n * (1 - upper)) {
      hi = v;
      break;
    }
  }
  return { lo, hi };
}

/** Otsu's threshold of a grey picture. */
export function otsu(data: Uint8Array | Buffer): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * Skew, text box and row height from the ink (pixels darker than Otsu's threshold, and
 * clearly darker than the paper, so a blank page has none). Rows are found in the
 * horizontal projection at the best angle: the angle whose profile varies most.
 */
function measure(data: Buffer, width: number, height: number, findSkew = true): Measures {
  const t = Math.min(otsu(data), 200);
  let inked = 0;
  for (let i = 0; i < width * height; i++) if (data[i] < t) inked++;
  const xs = new Int32Array(inked);
  const ys = new Int32Array(inked);
  for (let y = 0, k = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] < t) {
        xs[k] = x;
        ys[k++] = y;
      }
    }
  }
  const whole = { left: 0, top: 0, width, height };
  // no ink, or ink everywhere (a dark photo): nothing to measure
  if (xs.length < 50 || xs.length > width * height * 0.5) return { skew: 0, box: whole, rowHeight: 0 };

  let skew = 0;
  if (findSkew) {
    let bestVar = -1;
    // a sample of the ink keeps this fast on busy pictures
    const step = Math.max(1, Math.floor(xs.length / 60_000));
    for (let deg = -MAX_SKEW; deg <= MAX_SKEW + 1e-9; deg += SKEW_STEP) {
      const v = profileVariance(xs, ys, step, deg, height, width);
      if (v > bestVar * 1.0005) {
        bestVar = v;
        skew = deg;
      }
    }
    // prefer no rotation when it is as good (within 2 %) as the best
    if (skew !== 0 && profileVariance(xs, ys, step, 0, height, width) >= bestVar * 0.98) skew = 0;
  }

  // rows: runs of the projection at that angle; extent: where rows and columns hold ink
  const rad = (-skew * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const rowInk = new Int32Array(height + 2 * width);
  const colInk = new Int32Array(width);
  for (let i = 0; i < xs.length; i++) {
    const y = Math.round(ys[i] * cos + xs[i] * sin) + width;
    if (y >= 0 && y < rowInk.length) rowInk[y]++;
    colInk[xs[i]]++;
  }
  const rowMin = Math.max(2, width * 0.004);
  const runs: number[] = [];
  let start = -1;
  for (let y = 0; y <= rowInk.length; y++) {
    const ink = y < rowInk.length && rowInk[y] > rowMin;
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      const h = y - start;
      if (h >= 3 && h < height / 6) runs.push(h);
      start = -1;
    }
  }
  runs.sort((p, q) => p - q);
  const rowHeight = runs.length >= 3 ? runs[Math.floor(runs.length / 2)] : 0;

  const rowsUpright = new Int32Array(height);
  for (let i = 0; i < ys.length; i++) rowsUpright[ys[i]]++;
  const [y0, y1] = span(rowsUpright, rowMin);
  const [x0, x1] = span(colInk, Math.max(2, height * 0.004));
  const pad = Math.round(0.03 * Math.max(x1 - x0, y1 - y0, 50));
  const left = Math.max(0, x0 - pad);
  const top = Math.max(0, y0 - pad);
  const box = { left, top, width: Math.min(width, x1 + pad + 1) - left, height: Math.min(height, y1 + pad + 1) - top };
  // a box that drops most of the picture on the strength of a few marks is not trusted below a sensible size
  return { skew, box: box.width < 20 || box.height < 20 ? whole : box, rowHeight };
}

function profileVariance(xs: Int32Array, ys: Int32Array, step: number, deg: number, height: number, width: number): number {
  const rad = (-deg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const bins = new Float64Array(height + 2 * width);
  let n = 0;
  for (let i = 0; i < xs.length; i += step) {
    bins[Math.round(ys[i] * cos + xs[i] * sin) + width]++;
    n++;
  }
  const mean = n / bins.length;
  let v = 0;
  for (const b of bins) v += (b - mean) ** 2;
  return v;
}

/** First and last index where three entries in a row exceed `min` (noise specks do not count). */
function span(profile: Int32Array, min: number): [number, number] {
  let a = 0;
  let b = profile.length - 1;
  while (a < profile.length - 3 && !(profile[a] > min && profile[a + 1] > min && profile[a + 2] > min)) a++;
  while (b > 2 && !(profile[b] > min && profile[b - 1] > min && profile[b - 2] > min)) b--;
  return b > a ? [a, b] : [0, profile.length - 1];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
