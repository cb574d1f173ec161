// Measurements of a grey picture of a document page, made on a small copy (at most
// ANALYSIS_SIDE on its longest side) before the picture is prepared for the OCR engine
// (./prepare-document.ts): Otsu's ink threshold, the skew by the projection profile,
// the text's extent and row height, the grey range of the text box.

/** Longest side of the copy the measurements are made on. */
export const ANALYSIS_SIDE = 1400;
/** Skew angles tried, in degrees (either way). */
const MAX_SKEW = 6;
const SKEW_STEP = 0.5;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Measures {
  /** degrees the text rows are turned by (clockwise, sharp's sense); turning the picture back by as much makes them horizontal */
  skew: number;
  /** where the text is, with a margin */
  box: Box;
  /** median height of a text row, in pixels of the measured picture */
  rowHeight: number;
  /**
   * the same, with the ink of vertical rules left out (a table's column lines, a box's sides:
   * they ink every row they cross, so the rows between them are measured as one)
   */
  bareRowHeight: number;
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
export function measure(data: Buffer, width: number, height: number, findSkew = true): Measures {
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
  if (xs.length < 50 || xs.length > width * height * 0.5) return { skew: 0, box: whole, rowHeight: 0, bareRowHeight: 0 };

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
    // then to a tenth of a degree around the best step: on a wide page a quarter of a
    // degree left over still drifts a row by a third of its height from one side to the other
    else if (skew !== 0) {
      const coarse = skew;
      for (let tenth = -4; tenth <= 4; tenth++) {
        if (tenth === 0) continue;
        const deg = coarse + tenth / 10;
        const v = profileVariance(xs, ys, step, deg, height, width);
        if (v > bestVar * 1.0005) {
          bestVar = v;
          skew = Math.round(deg * 10) / 10;
        }
      }
    }
  }

  // rows: runs of the projection at that angle; extent: where rows and columns hold ink
  const rad = (-skew * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const rowInk = new Int32Array(height + 2 * width);
  const bareRowInk = new Int32Array(height + 2 * width);
  const colInk = new Int32Array(width);
  // (only a page that is not a tall slip is read another way when ruled: a slip's rows are not measured twice)
  const rules = height <= width * TALL ? verticalRules(data, width, height, t) : null;
  for (let i = 0; i < xs.length; i++) {
    const y = Math.round(ys[i] * cos + xs[i] * sin) + width;
    if (y >= 0 && y < rowInk.length) {
      rowInk[y]++;
      if (rules && !rules[ys[i] * width + xs[i]]) bareRowInk[y]++;
    }
    colInk[xs[i]]++;
  }
  const rowMin = Math.max(2, width * 0.004);
  const rowHeight = medianRun(rowInk, rowMin, height);
  const bareRowHeight = rules ? medianRun(bareRowInk, rowMin, height) : rowHeight;

  const rowsUpright = new Int32Array(height);
  for (let i = 0; i < ys.length; i++) rowsUpright[ys[i]]++;
  const [y0, y1] = span(rowsUpright, rowMin);
  const [x0, x1] = span(colInk, Math.max(2, height * 0.004));
  const pad = Math.round(0.03 * Math.max(x1 - x0, y1 - y0, 50));
  const left = Math.max(0, x0 - pad);
  const top = Math.max(0, y0 - pad);
  const box = { left, top, width: Math.min(width, x1 + pad + 1) - left, height: Math.min(height, y1 + pad + 1) - top };
  // a box that drops most of the picture on the strength of a few marks is not trusted below a sensible size
  return { skew, box: box.width < 20 || box.height < 20 ? whole : box, rowHeight, bareRowHeight };
}

/** Median length of the runs of a row profile above `min` (a text row each), 0 when fewer than three. */
function medianRun(profile: Int32Array, min: number, height: number): number {
  const runs: number[] = [];
  let start = -1;
  for (let y = 0; y <= profile.length; y++) {
    const ink = y < profile.length && profile[y] > min;
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      const h = y - start;
      if (h >= 3 && h < height / 6) runs.push(h);
      start = -1;
    }
  }
  runs.sort((p, q) => p - q);
  return runs.length >= 3 ? runs[Math.floor(runs.length / 2)] : 0;
}

/**
 * Length (share of the picture's height) from which a vertical run of ink is a rule: taller
 * than any letter of body text or a heading, shorter than a column line across a few rows.
 */
const RULE_RUN = 0.025;
/** A text box (or picture) this many times taller than wide is a slip, read as one column (prepare-document.ts). */
export const TALL = 1.6;

/**
 * The ink of vertical rules: runs down a column (or its right neighbour: a line turned by a
 * degree steps sideways every ~60 rows) at least RULE_RUN of the height long.
 */
export function verticalRules(data: Uint8Array | Buffer, width: number, height: number, threshold: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const minRun = Math.max(12, Math.round(height * RULE_RUN));
  // row by row (the picture's own order), each column's run so far
  const run = new Int32Array(width);
  const close = (x: number, end: number) => {
    if (run[x] >= minRun) for (let k = end - run[x]; k < end; k++) if (data[k * width + x] < threshold) mask[k * width + x] = 1;
    run[x] = 0;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] < threshold || (x + 1 < width && data[row + x + 1] < threshold)) run[x]++;
      else if (run[x]) close(x, y);
    }
  }
  for (let x = 0; x < width; x++) close(x, height);
  return mask;
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

/**
 * The sheet of paper when it lies on a dark ground (a receipt scanned with the lid open, a
 * slip photographed on a dark table): most of the picture is darker than Otsu's threshold,
 * which no printed page is, so the bright sheet is found by the projections of the light
 * pixels — the longest run of columns, then of rows within them, holding at least half as
 * many light pixels as the lightest (across gaps of a few). Null when the picture is mostly light (the usual page).
 */
export function paperOnDarkGround(data: Buffer, width: number, height: number): Box | null {
  const t = otsu(data);
  let dark = 0;
  for (let i = 0; i < data.length; i++) if (data[i] <= t) dark++;
  if (dark < 0.55 * data.length) return null;
  const cols = new Float64Array(width);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[y * width + x] > t) cols[x]++;
  const [left, right] = longestRun(cols);
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) for (let x = left; x <= right; x++) if (data[y * width + x] > t) rows[y]++;
  const [top, bottom] = longestRun(rows);
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  // a sheet too small to hold text, or the whole picture: nothing to cut away
  if (box.width < width * 0.08 || box.height < height * 0.08 || box.width * box.height > 0.9 * width * height) return null;
  return box;
}

function longestRun(profile: Float64Array): [number, number] {
  const limit = Math.max(...profile) / 2;
  // (a gap of a few rows — a bold line of print across the sheet — does not end the sheet)
  const bridge = Math.max(2, Math.round(profile.length * 0.02));
  let best: [number, number] = [0, profile.length - 1];
  let bestLength = 0;
  let start = -1;
  let lastIn = -1;
  for (let i = 0; i <= profile.length; i++) {
    if (i < profile.length && profile[i] >= limit) {
      if (start < 0 || i - lastIn > bridge) start = i;
      lastIn = i;
      if (i - start + 1 > bestLength) [best, bestLength] = [[start, i], i - start + 1];
    }
  }
  return best;
}
