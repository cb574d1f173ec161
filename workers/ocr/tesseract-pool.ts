// The tesseract.js engines of a process: a small pool of warm workers (each a thread
// running the WebAssembly engine, ~40 MB with the English model), created on first use
// and reused. One picture is read by one worker; a document page may be cut into bands
// (./page-bands.ts) that several workers read at once, so a receipt is read in about
// half the time on an idle second core. The language data comes from the
// @tesseract.js-data/eng package, never downloaded.
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, OEM, PSM, type RecognizeResult, type Worker as TesseractWorker } from 'tesseract.js';
import { OcrTimeout, takeTurn } from './engine-turns.js';

export const LANGUAGE = 'eng';

const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

interface Slot {
  engine: Promise<TesseractWorker>;
  /** the end of the last call given to this worker */
  queue: Promise<unknown>;
  /** calls given and not finished */
  load: number;
  /** thrown away (it overran a deadline): calls queued on it go to another worker */
  gone?: boolean;
}

/** A call reached a worker that was thrown away while the call waited for it. */
class WorkerGone extends Error {}

let slots: Slot[] = [];

function startEngine(): Promise<TesseractWorker> {
  return createWorker(LANGUAGE, OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }).then(async (w) => {
    // no second look at each line as white-on-black: it changed no reading of the development receipts and cost ~6 % CPU
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1', tessedit_do_invert: '0' });
    return w;
  });
}

/** The least busy worker among the first `threads`, started when there are fewer. */
function slotFor(threads: number): Slot {
  const limit = Math.max(1, threads);
  const idle = slots.slice(0, limit).find((s) => s.load === 0);
  if (idle) return idle;
  if (slots.length < limit) {
    const slot: Slot = { engine: startEngine(), queue: Promise.resolve(), load: 0 };
    slot.engine.catch(() => drop(slot));
    slots.push(slot);
    return slot;
  }
  return slots.slice(0, limit).reduce((a, b) => (b.load < a.load ? b : a));
}

function drop(slot: Slot): void {
  slot.gone = true;
  slots = slots.filter((s) => s !== slot);
}

export interface PassSettings {
  psm: PSM;
  /** the resolution the engine assumes (null: its own guess) */
  dpi: number | null;
}

/**
 * Reads an encoded picture on one of the first `threads` workers. Every call sets what
 * it needs (a worker is shared by callers with different needs), and the settings and
 * the recognition that uses them run as one. A worker that overruns the deadline is
 * thrown away, so the next call starts on a clean one.
 */
export async function readWith(encoded: Buffer, settings: PassSettings, deadline: number, timeoutMs: number, threads = 1): Promise<RecognizeResult['data']> {
  const slot = slotFor(threads);
  slot.load++;
  // a worker thrown away is never called again: tesseract.js answers a call to a terminated
  // worker with a promise that never settles and a rejection nobody can handle
  const live = <T>(worker: T): T => {
    if (slot.gone) throw new WorkerGone();
    return worker;
  };
  const work = async () => {
    const worker = live(await slot.engine);
    await worker.setParameters({ tessedit_pageseg_mode: settings.psm, user_defined_dpi: settings.dpi ? String(settings.dpi) : '0' });
    return (await live(worker).recognize(encoded, {}, { text: true, blocks: true })).data;
  };
  const turn = takeTurn(slot.queue, work, deadline, timeoutMs);
  slot.queue = turn.queue;
  try {
    return await turn.result;
  } catch (err) {
    if (err instanceof WorkerGone) return readWith(encoded, settings, deadline, timeoutMs, threads);
    if (err instanceof OcrTimeout && !slot.gone) {
      drop(slot);
      await slot.engine.then((w) => w.terminate()).catch(() => undefined);
    }
    throw err;
  } finally {
    slot.load--;
  }
}

export async function shutdownPool(): Promise<void> {
  const all = slots;
  slots = [];
  for (const slot of all) slot.gone = true;
  await Promise.all(all.map((s) => s.engine.then((w) => w.terminate()).catch(() => undefined)));
}
