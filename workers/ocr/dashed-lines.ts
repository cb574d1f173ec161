// Dashed lines between a table's rows, taken off a prepared page before the OCR engine
// reads it (./prepare-document.ts). The engine reads each dash as a character: a row of
// cells comes out as `MMT115 ~~ TT 77 $10.00`, and the cells' own words are misread next to
// them (`s1000` for `$10.00`). A dashed line is a chain of flat pieces along a row, each
// much thinner than a text row and at least twice as long as it is thick, with short gaps
// between them, many text rows long. Only the pieces' thin part is whitened, so a letter
// that touches a dash keeps its stroke, and where a column line crosses the dashes the
// crossing goes too (no letter is that tall). A scanned dashed line wanders by a pixel or
// so: a piece may step to the next row and go on.
//
// Solid lines stay. A table's column lines and a box's sides were tried too (round 18 of
// docs/research/document-reading.md): taking them off read some tables better and lost
// labels in boxes (`FACTURE N° :` beside its number), and taking off horizontal rules
// split a totals table's labels from their amounts.

/**
 * Grey level under which a pixel of the prepared (contrast-stretched) page may belong to a
 * dash: a hairline drawn smaller than a pixel comes out grey (~150), and the engine's own
 * threshold may still take it for ink.
 */
const INK = 200;
/** A dashed line is at least this many text rows long. */
const MIN_ROWS = 5;
/** A dash is at most this share of a text row thick (a letter's stroke through it is thicker). */
const MAX_THICKNESS = 0.25;
/** A column line crossing the dashes is at least this many text rows tall. */
const CROSSING_ROWS = 3;
/** At least this many dashes, at most DASH_GAP of a text row apart. */
const MIN_DASHES = 8;
const DASH_GAP = 0.5;
/** Pieces covering this share of the chain's length are a solid line the scan broke, not dashes: it stays. */
const UNBROKEN = 0.9;
/** A piece this long (MIN_ROWS) and this share of it thin is a solid line: the chain stays. */
const THIN_SHARE = 0.8;
/** A dash is thin over this share of its length at least (a letter may touch it). */
const DASH_THIN_SHARE = 0.7;

export interface Pixels {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
}

/**
 * Whitens, in place, the dashed lines of a grey page whose text rows are `rowPx` high;
 * returns how many pixels were whitened (0: none, the page is as it was).
 */
export function removeDashedLines(page: Pixels, rowPx: number): number {
  const { data, width, height } = page;
  if (!(rowPx >= 8)) return 0;
  const n = width * height;
  const ink = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (data[i] < INK) ink[i] = 1;
  // each ink pixel's thickness: the run of ink down its column
  const down = runsDownColumns(ink, width);
  // runs along a row that may wander by a pixel: ink in the row or a neighbouring one
  const near = new Uint8Array(n);
  for (let i = 0; i < n; i++) near[i] = ink[i] | (i >= width ? ink[i - width] : 0) | (i + width < n ? ink[i + width] : 0);
  const along = runsAlongRows(near, width, height);
  const lim = { thick: Math.max(2, Math.round(rowPx * MAX_THICKNESS)), minLength: Math.round(rowPx * MIN_ROWS), crossing: Math.min(255, Math.round(rowPx * CROSSING_ROWS)), maxGap: Math.round(rowPx * DASH_GAP) };
  const dash = near.fill(0);
  for (let y = 0; y < height; y++) markDashes(y * width, width, along, down, ink, dash, lim);

  let whitened = 0;
  for (let i = 0; i < n; i++) {
    if (!dash[i]) continue;
    data[i] = 255;
    whitened++;
    // the dash's soft edge (a lighter grey) goes with it
    const x = i % width;
    if (i >= width && !ink[i - width]) data[i - width] = 255;
    if (i + width < n && !ink[i + width]) data[i + width] = 255;
    if (x > 0 && !ink[i - 1]) data[i - 1] = 255;
    if (x < width - 1 && !ink[i + 1]) data[i + 1] = 255;
  }
  return whitened;
}

interface Limits {
  /** thickest a dash may be */
  thick: number;
  /** shortest a dashed line may be */
  minLength: number;
  /** a run down a column at least this long is a crossing column line, not a letter (at most 255) */
  crossing: number;
  /** widest gap between two dashes */
  maxGap: number;
}

/** Marks the dashed lines along the row starting at pixel `row`. */
function markDashes(row: number, width: number, along: Uint16Array, down: Uint8Array, ink: Uint8Array, dash: Uint8Array, lim: Limits): void {
  const thinAt = (i: number) => !ink[i] || down[i] <= lim.thick || down[i] >= lim.crossing;
  let chain = { from: -1, to: -1, pieces: 0, covered: 0, solid: false };
  const endChain = () => {
    const span = chain.to - chain.from;
    if (span >= lim.minLength && chain.pieces >= MIN_DASHES && !chain.solid && chain.covered < span * UNBROKEN) {
      for (let k = chain.from; k < chain.to; k++) if (ink[row + k] && thinAt(row + k)) dash[row + k] = 1;
    }
    chain = { from: -1, to: -1, pieces: 0, covered: 0, solid: false };
  };
  for (let x = 0; x < width; ) {
    const len = along[row + x];
    if (!len) {
      x++;
      continue;
    }
    // thin pixels, and the thickest of them (a letter touching the dash is not thin, and does not count)
    let thin = 0;
    let thickest = 0;
    for (let k = x; k < x + len; k++) {
      const i = row + k;
      if (!thinAt(i)) continue;
      thin++;
      if (ink[i] && down[i] < lim.crossing) thickest = Math.max(thickest, down[i]);
    }
    const solid = len >= lim.minLength && thin >= len * THIN_SHARE;
    if (!solid && !(len >= 3 && thin >= len * DASH_THIN_SHARE && len >= thickest * 2)) endChain();
    else {
      if (!chain.pieces || x - chain.to > lim.maxGap) {
        endChain();
        chain.from = x;
      }
      chain.to = x + len;
      chain.pieces++;
      chain.covered += len;
      chain.solid ||= solid;
    }
    x += len;
  }
  endChain();
}

/** The length of the run of set pixels along its row that each pixel is part of (0: not set). */
function runsAlongRows(mask: Uint8Array, width: number, height: number): Uint16Array {
  const out = new Uint16Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; ) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && mask[row + end]) end++;
      out.fill(Math.min(65535, end - x), row + x, row + end);
      x = end;
    }
  }
  return out;
}

/**
 * The same down each column, at most 255, computed row by row as the picture lies in
 * memory: counting down the picture, then spreading each run's length back up it.
 */
function runsDownColumns(mask: Uint8Array, width: number): Uint8Array {
  const n = mask.length;
  const count = new Uint16Array(n);
  for (let i = 0; i < n; i++) if (mask[i]) count[i] = i >= width && count[i - width] ? count[i - width] + 1 : 1;
  for (let i = n - width - 1; i >= 0; i--) if (count[i] && count[i + width]) count[i] = count[i + width];
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.min(255, count[i]);
  return out;
}
