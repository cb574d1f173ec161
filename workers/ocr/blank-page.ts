// Is there anything to read on a page? Decided on the small measuring copy (at most
// ANALYSIS_SIDE px a side, ./measure-page.ts) before any full-size work: a blank page
// sent to the engine is slow for nothing (no text makes recognize() try its fallback
// passes and turns: ~10 s for a blank page at the render cap), and a PDF of blank
// oversized pages would hold a worker for minutes.
//
// Ink is what is clearly darker than the paper (the paper's grey level is the median,
// so a grey scan or a dim photo has its own): not Otsu's threshold, which on faint
// print lands above the print itself. A page is blank when its ink makes fewer than
// MIN_MARKS separate marks of a few pixels: dust, a staple hole or a punch mark on a
// scan are a few marks; a line of text, however faint, is more.

/** Grey levels below the paper's at which a pixel is ink (scanner noise on white paper stays within ~10). */
const INK_CONTRAST = 28;
/** Pixels a mark needs to count (single noisy pixels do not). */
const MIN_MARK_PIXELS = 3;
/** Marks a page needs to hold anything worth reading. */
const MIN_MARKS = 6;
/** Ink over this share of the page is not a blank page (a photo, a dark scan): no need to count marks. */
const BUSY_SHARE = 0.02;

export interface InkSummary {
  /** the paper's grey level (median) */
  paper: number;
  /** pixels clearly darker than the paper */
  inkPixels: number;
  /** separate marks (8-connected) of at least MIN_MARK_PIXELS, counted up to MIN_MARKS */
  marks: number;
  blank: boolean;
}

/** Whether a grey picture (one byte a pixel; the small measuring copy) holds no text. */
export function inkSummary(data: Uint8Array, width: number, height: number): InkSummary {
  const paper = median(data, width * height);
  const ink = paper - INK_CONTRAST;
  let inkPixels = 0;
  for (let i = 0; i < width * height; i++) if (data[i] < ink) inkPixels++;
  if (inkPixels > width * height * BUSY_SHARE) return { paper, inkPixels, marks: MIN_MARKS, blank: false };
  const marks = countMarks(data, width, height, ink);
  return { paper, inkPixels, marks, blank: marks < MIN_MARKS };
}

function median(data: Uint8Array, n: number): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[data[i]]++;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v];
    if (seen * 2 >= n) return v;
  }
  return 255;
}

/** Marks of ink (flood fill over the few ink pixels of a nearly blank page), stopping at MIN_MARKS. */
function countMarks(data: Uint8Array, width: number, height: number, ink: number): number {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  let marks = 0;
  for (let start = 0; start < width * height && marks < MIN_MARKS; start++) {
    if (seen[start] || data[start] >= ink) continue;
    seen[start] = 1;
    stack.push(start);
    let size = 0;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (!seen[q] && data[q] < ink) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    if (size >= MIN_MARK_PIXELS) marks++;
  }
  return marks;
}
