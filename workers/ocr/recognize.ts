// Size: one OCR engine pool and its call (warm-up, recycling, timeouts) are one idea; split, each half would need the other's state.
// OCR with tesseract.js, reusable by any job that needs text from an image (product
// photos, scanned invoices). The engines are kept warm per process and reused
// (./tesseract-pool.ts); a document page may be read in bands by two of them at once.
// Run it inside a sandboxed processor (workers/processors/) — recognition is CPU-bound
// and would otherwise stall the BullMQ worker's lock renewal. A picture is encoded bytes
// or decoded pixels (./picture.ts: a rendered PDF page is handed over without a PNG).
import sharp from 'sharp';
import { PSM } from 'tesseract.js';
import { prepareDocumentImage, type PreparedDocument } from './prepare-document.js';
import { bandCuts } from './page-bands.js';
import { OcrTimeout } from './engine-turns.js';
import { LANGUAGE, readWith, shutdownPool, type PassSettings } from './tesseract-pool.js';
import { readPicture, type Picture, type RawPicture } from './picture.js';

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrLine {
  text: string;
  /** 0–100, tesseract's mean word confidence for the line */
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  /** only with RecognizeOptions.words (layout readers such as the invoice extractor) */
  words?: OcrWord[];
}

export interface OcrResult {
  /** document mode: how the picture was prepared and which passes ran */
  passes?: string[];
  text: string;
  lines: OcrLine[];
  /** 0–100, mean over the page */
  confidence: number;
  language: string;
  width: number;
  height: number;
  duration_ms: number;
}

export interface RecognizeOptions {
  /** abort (and restart the engine) after this long; default 60 s */
  timeoutMs?: number;
  /** also return each line's words with their boxes */
  words?: boolean;
  /**
   * A photo or scan of a document (receipt, invoice page): straightened, cropped to its
   * text, scaled so a row of text is ~30 px high and contrast-stretched first
   * (prepare-document.ts), read as one column when it is a tall slip, and read a second
   * time another way when the first pass finds little text. Boxes are in the upright
   * picture's pixels either way.
   */
  document?: boolean;
  /** document mode: readings allowed beyond the first (fallback passes, turns); default 3 */
  extraReadings?: number;
  /**
   * document mode: engine workers a page may be read by at once, each reading a band of
   * its rows (default 1). Two read a receipt in ~0.6 of the time on an idle second core,
   * for ~40 MB more memory.
   */
  threads?: number;
}

/** A picture that cannot be decoded; retrying will not help. */
export class UnreadableImage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableImage';
  }
}

export { OcrTimeout };

/** longest side fed to the engine: an A4 page at 300 dpi is 3508 px */
const MAX_SIDE = 4000;
/** decompression-bomb guard: refuse images above this many pixels before decoding */
const MAX_INPUT_PIXELS = 60_000_000;

export async function shutdownOcr(): Promise<void> {
  await shutdownPool();
}

/** Normalises any supported picture to an upright grey PNG of bounded size. */
export async function prepareImage(image: Picture): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    // (readPicture honours the EXIF orientation of phone photos)
    const { data, info } = await readPicture(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
}

export async function recognize(image: Picture, opts: RecognizeOptions = {}): Promise<OcrResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = started + timeoutMs;
  if (!opts.document) {
    const { png, width, height } = await prepareImage(image);
    const page = await readPage(png, { psm: PSM.AUTO, dpi: null }, { deadline, timeoutMs, threads: 1 }, Boolean(opts.words));
    return { ...page, width, height, duration_ms: Math.round(performance.now() - started) };
  }
  const spare: Spare = { left: opts.extraReadings ?? EXTRA_READINGS };
  const budget: Budget = { deadline, timeoutMs, threads: opts.threads ?? 1 };
  let reading = await readDocument(image, budget, spare);
  // a photo taken sideways or upside down with no EXIF orientation: the engine reads the
  // rotated lines as columns (its words stand upright in the picture) or reads noise;
  // the picture is turned and read again, and the better reading kept
  const turn = orientationSuspect(reading.page);
  if (turn) {
    for (const angle of turn === 'quarter' ? [90, 270] : [180]) {
      if (!takeSpare(spare)) break;
      const turned = await turnPicture(image, angle);
      const retry = await readDocument(turned, budget, spare);
      reading.passes.push(`turned ${angle}°: ${wordsOf(retry.page)} words against ${wordsOf(reading.page)}`);
      // (a quarter-turned reading may hold as many words, but its lines run the wrong way)
      if (!orientationSuspect(retry.page) && textScore(retry.page) > (turn === 'quarter' ? 0.5 : 1) * textScore(reading.page)) {
        reading = retry;
        break;
      }
    }
  }
  const { page, passes, width, height } = reading;
  if (!opts.words) page.lines.forEach((l) => delete l.words);
  return { ...page, passes, width, height, duration_ms: Math.round(performance.now() - started) };
}

/**
 * Readings beyond the first (fallback passes, turns): enough to rescue a faint, dotted or
 * turned receipt, while a picture of noise (slow to read, and never better for reading
 * again) stops there. Counted, not timed, so the result does not depend on the load.
 */
const EXTRA_READINGS = 3;

interface Spare {
  left: number;
}
/** What every pass of one recognize() call shares: its deadline, and the engine workers it may use at once. */
interface Budget {
  deadline: number;
  timeoutMs: number;
  threads: number;
}
/** Takes one extra reading from the allowance, if one is left. */
const takeSpare = (spare: Spare) => spare.left-- > 0;

/** Prepared, read, and read other ways when the first pass finds little text (while the allowance lasts); boxes in the (upright) picture's pixels. */
async function readDocument(image: Picture, budget: Budget, spare: Spare): Promise<{ page: Page; passes: string[]; width: number; height: number }> {
  let prepared: PreparedDocument;
  try {
    prepared = await prepareDocumentImage(image, { maxInputPixels: MAX_INPUT_PIXELS });
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
  // a blank page (a few specks at most): nothing to read, and no fallback pass will find anything
  if (prepared.steps.blank) return { page: { text: '', lines: [], confidence: 0, language: LANGUAGE }, passes: ['blank page: not read'], width: prepared.width, height: prepared.height };
  // a receipt is one narrow column: read it as a single block; a page may hold several
  const first = { psm: prepared.steps.tall ? PSM.SINGLE_BLOCK : PSM.AUTO, dpi: 300 };
  const { page: read, bands } = await readBands(prepared, first, budget);
  const passes = [`psm ${first.psm}, skew ${prepared.steps.skew}°, scale ${prepared.steps.scale}, row ${prepared.steps.rowPx} px${prepared.steps.ruled ? ' (ruled)' : ''}${bands > 1 ? `, ${bands} bands` : ''}`];
  let page = mapBoxes(read, prepared);
  // a page of boxes and ruled tables whose rules joined its rows (prepare-document.ts) was
  // scaled by a row height of several rows: when that reads little, the picture as it came is
  // read first (what the last pass below does), before the passes for faint print
  let asItCame: Page | null = null;
  if (littleText(page) && prepared.steps.ruled && !prepared.steps.tall && takeSpare(spare)) {
    asItCame = await readAsItCame(image, PSM.SINGLE_BLOCK, prepared, budget);
    passes.push(`ruled page, as it came, psm ${PSM.SINGLE_BLOCK}: ${wordsOf(asItCame)} words against ${wordsOf(page)}`);
    if (textScore(asItCame) > textScore(page)) page = asItCame;
  }
  if (littleText(page)) {
    // faint ink on a light photo: a harder contrast stretch (1st–99th percentile); faint or
    // dot-matrix print (strokes of separate dots the engine does not join): enlarged,
    // softened so the dots run together, and made black and white. The better reading stays.
    const { pixels } = prepared;
    const harder = async () => ({ png: await sharp(pixels.data, { raw: pixels }).normalise({ lower: 1, upper: 99 }).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer(), scale: 1 });
    const firstWords = wordsOf(page);
    for (const [name, picture] of [['harder stretch', harder], ['dots joined', () => dotsJoined(pixels)]] as const) {
      if (!takeSpare(spare)) break;
      const { png, scale } = await picture();
      const retry = mapBoxes(scaleBoxes(await readPage(png, first, budget, true), 1 / scale), prepared);
      passes.push(`${name}: ${wordsOf(retry)} words against ${firstWords}`);
      if (textScore(retry) > textScore(page)) page = retry;
    }
  }
  // still little text: the other segmentation, on the picture as it came (no crop, no
  // scaling) in case the preparation itself went wrong
  if (littleText(page) && !asItCame && takeSpare(spare)) {
    const second = first.psm === PSM.AUTO ? PSM.SINGLE_BLOCK : PSM.AUTO;
    const retry = await readAsItCame(image, second, prepared, budget);
    passes.push(`second pass psm ${second}: ${wordsOf(retry)} words against ${wordsOf(page)}`);
    if (textScore(retry) > textScore(page)) page = retry;
  }
  return { page, passes, width: prepared.width, height: prepared.height };
}

/** The picture as it came (upright, grey, no crop, no scaling), read with `psm`; boxes in the upright picture's pixels. */
async function readAsItCame(image: Picture, psm: PSM, prepared: PreparedDocument, budget: Budget): Promise<Page> {
  const plain = await prepareImage(image);
  return scaleBoxes(await readPage(plain.png, { psm, dpi: 300 }, budget, true), prepared.width / plain.width);
}

/** Enlargement, softening and the grey level kept as ink for print whose strokes are separate dots. */
const DOTS = { scale: 1.5, sigma: 2, ink: 210 } as const;

async function dotsJoined(pixels: RawPicture): Promise<{ png: Buffer; scale: number }> {
  const { width, height } = pixels;
  const scale = Math.min(DOTS.scale, MAX_SIDE / Math.max(width, height));
  const out = await sharp(pixels.data, { raw: pixels }).resize({ width: Math.max(1, Math.round(width * scale)), kernel: 'cubic' }).blur(DOTS.sigma).normalise().threshold(DOTS.ink).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
  return { png: out, scale };
}

/**
 * A reading that looks turned: the words of a line follow one another down or up the
 * picture (a quarter turn) or right to left (upside down: the engine may read turned
 * text well, but its boxes stay where the picture has them), or the page is mostly
 * words the engine is unsure of (upside down, read as noise).
 */
export function orientationSuspect(p: Pick<OcrResult, 'lines'>): 'quarter' | 'half' | null {
  const steps = { right: 0, left: 0, vertical: 0 };
  for (const line of p.lines) {
    const words = line.words ?? [];
    for (let i = 1; i < words.length; i++) {
      const dx = (words[i].bbox.x0 + words[i].bbox.x1 - words[i - 1].bbox.x0 - words[i - 1].bbox.x1) / 2;
      const dy = (words[i].bbox.y0 + words[i].bbox.y1 - words[i - 1].bbox.y0 - words[i - 1].bbox.y1) / 2;
      if (Math.abs(dy) > Math.abs(dx)) steps.vertical++;
      else if (dx >= 0) steps.right++;
      else steps.left++;
    }
  }
  const n = steps.right + steps.left + steps.vertical;
  if (n >= 5 && steps.vertical > n / 2) return 'quarter';
  if (n >= 5 && steps.left > n / 2) return 'half';
  const all = p.lines.flatMap((l) => l.words ?? []);
  if (all.length >= 8 && all.reduce((s, w) => s + w.confidence, 0) / all.length < UPSIDE_DOWN_CONFIDENCE) return 'half';
  return null;
}

/** Mean word confidence (0–100) under which a page is tried upside down: upright receipts read 60–80, turned ones 30–45. */
const UPSIDE_DOWN_CONFIDENCE = 50;

async function turnPicture(image: Picture, angle: number): Promise<Buffer> {
  try {
    return await readPicture(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate(angle).png({ compressionLevel: 1 }).toBuffer();
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
}

type Page = Omit<OcrResult, 'width' | 'height' | 'duration_ms'> & { mapped?: boolean };

/**
 * The first pass over a prepared page: cut into bands at blank rows (./page-bands.ts)
 * when more than one engine worker may read it, the bands read at once and their lines
 * put back together in the prepared picture's pixels.
 */
async function readBands(prepared: PreparedDocument, settings: PassSettings, budget: Budget): Promise<{ page: Page; bands: number }> {
  const { data, width, height } = prepared.pixels;
  const cuts = budget.threads > 1 ? bandCuts(data, width, height, budget.threads) : [];
  if (!cuts.length) return { page: await readPage(prepared.encode(), settings, budget, true), bands: 1 };
  const bounds = [0, ...cuts, height];
  const bands = bounds.slice(1).map((end, i) => ({ top: bounds[i], height: end - bounds[i] }));
  const pages = await Promise.all(bands.map(async (band) => shiftBoxes(await readPage(prepared.encode(band), settings, budget, true), band.top)));
  const lines = pages.flatMap((p) => p.lines);
  const words = pages.map((p) => p.lines.reduce((n, l) => n + (l.words?.length ?? 0), 0));
  const allWords = words.reduce((a, b) => a + b, 0);
  // the page's confidence: its bands', weighed by their words
  const confidence = allWords ? pages.reduce((sum, p, i) => sum + p.confidence * words[i], 0) / allWords : 0;
  return { page: { text: pages.map((p) => p.text).filter(Boolean).join('\n'), lines, confidence: round1(confidence), language: LANGUAGE }, bands: bands.length };
}

/** One pass of the engine over a prepared picture (encoded), on one of the budget's workers. */
async function readPage(encoded: Buffer, settings: PassSettings, budget: Budget, words: boolean): Promise<Page> {
  const data = await readWith(encoded, settings, budget.deadline, budget.timeoutMs, budget.threads);
  const lines: OcrLine[] = (data.blocks ?? [])
    .flatMap((b) => b.paragraphs)
    .flatMap((p) => p.lines)
    .map((l) => ({
      text: l.text.trim(),
      confidence: round1(l.confidence),
      bbox: l.bbox,
      ...(words ? { words: l.words.filter((w) => w.text.trim()).map((w) => ({ text: w.text, confidence: round1(w.confidence), bbox: w.bbox })) } : {}),
    }))
    .filter((l) => l.text.length > 0);
  return { text: data.text.trim(), lines, confidence: round1(data.confidence), language: LANGUAGE };
}

type Box = OcrWord['bbox'];

/** The page with every line's and word's box moved by `move`. */
function moveBoxes(page: Page, move: (b: Box) => Box): Page {
  return { ...page, lines: page.lines.map((l) => ({ ...l, bbox: move(l.bbox), words: l.words?.map((w) => ({ ...w, bbox: move(w.bbox) })) })) };
}

/** Boxes of a band -> the prepared picture, `dy` rows lower. */
const shiftBoxes = (page: Page, dy: number): Page => (dy ? moveBoxes(page, (b) => ({ ...b, y0: b.y0 + dy, y1: b.y1 + dy })) : page);

/** Boxes of the prepared picture -> the upright picture. */
const mapBoxes = (page: Page, prepared: PreparedDocument): Page => moveBoxes(page, prepared.toSource);

const scaleBoxes = (page: Page, f: number): Page => (Math.abs(f - 1) < 1e-6 ? page : moveBoxes(page, (b) => ({ x0: b.x0 * f, y0: b.y0 * f, x1: b.x1 * f, y1: b.y1 * f })));

/** Words the engine is fairly sure of. */
const wordsOf = (p: Page) => p.lines.reduce((n, l) => n + (l.words ?? []).filter((w) => w.confidence >= 60 && /[\p{L}\p{N}]{2}/u.test(w.text)).length, 0);
const textScore = (p: Page) => p.lines.reduce((s, l) => s + (l.words ?? []).reduce((t, w) => t + (w.confidence >= 50 && /[\p{L}\p{N}]{2}/u.test(w.text) ? w.confidence : 0), 0), 0);
/** A document with fewer sure words than this probably was not read properly. */
const LITTLE_TEXT_WORDS = 12;
const littleText = (p: Page) => wordsOf(p) < LITTLE_TEXT_WORDS;

const round1 = (n: number) => Math.round(n * 10) / 10;
