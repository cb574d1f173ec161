// OCR with tesseract.js, reusable by any job that needs text from an image (product
// photos, scanned invoices). One tesseract worker is kept warm per process and reused;
// the language data comes from the @tesseract.js-data/eng package, never downloaded.
// Run it inside a sandboxed processor (workers/processors/) — recognition is CPU-bound
// and would otherwise stall the BullMQ worker's lock renewal.
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';

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
}

/** A picture that cannot be decoded; retrying will not help. */
export class UnreadableImage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableImage';
  }
}

export class OcrTimeout extends Error {
  constructor(ms: number) {
    super(`OCR did not finish within ${Math.round(ms / 1000)} s.`);
    this.name = 'OcrTimeout';
  }
}

const LANGUAGE = 'eng';
/** longest side fed to the engine: an A4 page at 300 dpi is 3508 px */
const MAX_SIDE = 4000;
/** decompression-bomb guard: refuse images above this many pixels before decoding */
const MAX_INPUT_PIXELS = 60_000_000;

const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let engine: Promise<TesseractWorker> | null = null;

function warmEngine(): Promise<TesseractWorker> {
  engine ??= createWorker(LANGUAGE, OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }).then(async (w) => {
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
    return w;
  });
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** Starts the engine ahead of the first job (a child process calls it on load). */
export async function prepareOcr(): Promise<void> {
  await warmEngine();
}

export async function shutdownOcr(): Promise<void> {
  const e = engine;
  engine = null;
  if (e) await (await e).terminate().catch(() => undefined);
}

/** Normalises any supported picture to an upright grey PNG of bounded size. */
export async function prepareImage(image: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // honour EXIF orientation of phone photos
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
}

export async function recognize(image: Buffer, opts: RecognizeOptions = {}): Promise<OcrResult> {
  const started = performance.now();
  const { png, width, height } = await prepareImage(image);
  const worker = await warmEngine();
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(timeoutMs)), timeoutMs);
  });
  try {
    const { data } = await Promise.race([worker.recognize(png, {}, { text: true, blocks: true }), timeout]);
    const lines: OcrLine[] = (data.blocks ?? [])
      .flatMap((b) => b.paragraphs)
      .flatMap((p) => p.lines)
      .map((l) => ({
        text: l.text.trim(),
        confidence: round1(l.confidence),
        bbox: l.bbox,
        ...(opts.words ? { words: l.words.filter((w) => w.text.trim()).map((w) => ({ text: w.text, confidence: round1(w.confidence), bbox: w.bbox })) } : {}),
      }))
      .filter((l) => l.text.length > 0);
    return {
      text: data.text.trim(),
      lines,
      confidence: round1(data.confidence),
      language: LANGUAGE,
      width,
      height,
      duration_ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    // a stuck engine is thrown away so the next job starts from a clean one
    if (err instanceof OcrTimeout) await shutdownOcr();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
