// Calls to an OCR engine that runs one call at a time (a tesseract worker, the ONNX
// sessions of the second engine): each takes its turn after the calls queued before it,
// and gives up at its caller's deadline.

/** An engine call that took longer than its caller allowed. */
export class OcrTimeout extends Error {
  constructor(ms: number) {
    super(`OCR did not finish within ${Math.round(ms / 1000)} s.`);
    this.name = 'OcrTimeout';
  }
}

/**
 * Runs `work` after the calls queued before it (`queue` holds the end of the last one)
 * and gives up at `deadline` (performance.now() milliseconds) with an OcrTimeout naming
 * `timeoutMs`. Returns the new end of the queue with the result: engines that cannot
 * run two calls at once take turns this way.
 */
export function takeTurn<T>(queue: Promise<unknown>, work: () => Promise<T>, deadline: number, timeoutMs: number): { result: Promise<T>; queue: Promise<unknown> } {
  const turn = queue.then(work, work);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(timeoutMs)), Math.max(1, deadline - performance.now()));
  });
  const result = Promise.race([turn, timeout]).finally(() => clearTimeout(timer));
  return { result, queue: turn.catch(() => undefined) };
}
