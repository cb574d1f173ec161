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
import { ANALYSIS_SIDE, TALL, greyRange, measure, paperOnDarkGround, type Box } from './measure-page.js';
import { inkSummary } from './blank-page.js';

export { greyRange, otsu } from './measure-page.js';

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
/**
 * A skew of at least this is straightened; a smaller one only when it drifts a row by
 * MAX_ROW_DRIFT of its height across the text's width (a wide page: 0.5° over 1,100 px is
 * ~10 px, half a row at 150 dpi, and the engine then splits or drops lines), never below
 * MIN_SKEW_WIDE. A narrow slip keeps a small skew: the engine copes, and turning costs time.
 */
const MIN_SKEW = 0.75;
const MIN_SKEW_WIDE = 0.3;
const MAX_ROW_DRIFT = 0.35;
/** Rows measured this much taller with the vertical rules' ink than without were joined by them. */
const JOINED_ROWS = 1.6;

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
  /**
   * what was done, for diagnostics; `ruled`: the page's rows were measured joined by vertical
   * rules (a table's column lines, a box's sides), so its row height and scale are not its own
   */
  steps: { skew: number; crop: { left: number; top: number; width: number; height: number }; scale: number; rowPx: number; tall: boolean; blank: boolean; ruled: boolean };
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
  // a sheet on a dark ground is cut out first: the ground would count as ink everywhere after
  const a = Math.min(1, ANALYSIS_SIDE / Math.max(grey.width, grey.height));
  const paper = paperOnDarkGround(await smallCopy(grey, a), Math.round(grey.width * a), Math.round(grey.height * a));
  if (!paper) return prepareGrey(grey, opts);
  const box = scaleBox(paper, 1 / a, grey);
  const cut = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: grey.channels } }).extract(box).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const inner = await prepareGrey({ data: cut.data, width: cut.info.width, height: cut.info.height, channels: 1 }, opts);
  const toSource = (b: { x0: number; y0: number; x1: number; y1: number }) => {
    const s = inner.toSource(b);
    return { x0: s.x0 + box.left, y0: s.y0 + box.top, x1: s.x1 + box.left, y1: s.y1 + box.top };
  };
  const crop = { ...inner.steps.crop, left: inner.steps.crop.left + box.left, top: inner.steps.crop.top + box.top };
  return { ...inner, width: grey.width, height: grey.height, toSource, steps: { ...inner.steps, crop } };
}

async function prepareGrey(grey: RawPicture, opts: PrepareOptions): Promise<PreparedDocument> {
  const { width, height } = grey;

  const a = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const small = a < 1 ? await sharp(grey.data, { raw: { width, height, channels: grey.channels } }).resize({ width: Math.max(1, Math.round(width * a)), kernel: 'linear' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true }) : { data: grey.data, info: { width, height } };
  // a blank page (a few specks at most, ./blank-page.ts) is not prepared: nothing on it is read
  if (inkSummary(small.data, small.info.width, small.info.height).blank) return blankPage(small.data, small.info.width, small.info.height, width, height);
  const m = measure(small.data, small.info.width, small.info.height);

  // straighten the whole picture (white corners), then work in its frame: `skew` is how far
  // the text is turned (clockwise, sharp's sense), so the picture is turned back by as much
  let frame = grey;
  const drift = m.box.width * Math.tan((Math.abs(m.skew) * Math.PI) / 180);
  const skew = Math.abs(m.skew) >= MIN_SKEW || (Math.abs(m.skew) >= MIN_SKEW_WIDE && m.rowHeight > 0 && drift >= m.rowHeight * MAX_ROW_DRIFT) ? m.skew : 0;
  if (skew) {
    const r = await sharp(grey.data, { raw: { width, height, channels: grey.channels } }).rotate(-skew, { background: { r: 255, g: 255, b: 255 } }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    frame = { data: r.data, width: r.info.width, height: r.info.height, channels: r.info.channels };
  }
  // the measurements were made on the unrotated small copy: for a straightened picture
  // the text box is measured again on its own small copy (cheap), else scaled up
  const box = skew ? scaleBox(measure(await smallCopy(frame, a), Math.round(frame.width * a), Math.round(frame.height * a), false).box, 1 / a, frame) : scaleBox(m.box, 1 / a, frame);
  // rows that vertical rules joined (boxes, a ruled table) measure as one tall row: the page is
  // said to be ruled, and read another way (recognize.ts); scaled by its own rows instead, or
  // read at its size, it read worse on the corpus (docs/research/document-reading.md, rounds 18–19)
  const ruled = m.bareRowHeight > 0 && m.rowHeight >= JOINED_ROWS * m.bareRowHeight;
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
    // straightened frame -> upright picture: turn the box centre clockwise by the skew again
    // (y points down), keep its size
    const cx = (x0 + x1) / 2 - frame.width / 2;
    const cy = (y0 + y1) / 2 - frame.height / 2;
    const ux = cx * cos - cy * sin + width / 2;
    const uy = cx * sin + cy * cos + height / 2;
    return { x0: ux - (x1 - x0) / 2, y0: uy - (y1 - y0) / 2, x1: ux + (x1 - x0) / 2, y1: uy + (y1 - y0) / 2 };
  };
  return { pixels, encode, width, height, toSource, steps: { skew, crop: box, scale: round2(scale), rowPx: round2(rowPx), tall: box.height > box.width * TALL, blank: false, ruled } };
}

/** A blank page as its small measuring copy: boxes (there will be none) map back by its scale. */
function blankPage(data: Buffer, w: number, h: number, width: number, height: number): PreparedDocument {
  const pixels = { data, width: w, height: h, channels: 1 as const };
  const f = width / w;
  return {
    pixels,
    encode: () => Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1'), data]),
    width,
    height,
    toSource: (b) => ({ x0: b.x0 * f, y0: b.y0 * f, x1: b.x1 * f, y1: b.y1 * f }),
    steps: { skew: 0, crop: { left: 0, top: 0, width, height }, scale: round2(1 / f), rowPx: 0, tall: false, blank: true, ruled: false },
  };
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

const round2 = (n: number) => Math.round(n * 100) / 100;
