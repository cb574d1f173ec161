// Ruled lines taken off a prepared page before the OCR engine reads it
// (./prepare-document.ts): a table's column lines and a box's sides, and dashed lines
// between a table's rows. A column line next to text is read as `|`, `[` or `]` glued to
// the word (`[40` for `4.0`, `|mmTi30` for `MMT130`), and dashes are read as `~~ TT 77`
// between the cells. Solid horizontal rules stay: they bound the rows and boxes the engine
// finds its text lines by (taken off too, a totals table's label and amount came apart into
// two columns, and a boxed number ran into the next column's line).
//
// A rule is a run of ink much longer than a text row and, along most of its length, much
// thinner than one; only its thin part is whitened, so a letter that crosses it keeps its
// stroke. A scanned column line wanders by a pixel or so and breaks in places: a run down a
// column may step to the next column and go on, and pieces with short gaps make one line.

/**
 * Grey level under which a pixel of the prepared (contrast-stretched) page may belong to a
 * rule: a hairline drawn smaller than a pixel comes out grey (~150), and the engine's own
 * threshold may still take it for ink.
 */
const INK = 200;
/** A horizontal rule is at least this many text rows long; a vertical one at least VERTICAL_ROWS. */
const HORIZONTAL_ROWS = 5;
const VERTICAL_ROWS = 3;
/** A rule is at most this share of a text row thick (a letter's stroke across it is thicker). */
const MAX_THICKNESS = 0.25;
/** Share of a run's length that must be thin for the run to be a rule (a line of touching letters is not). */
const THIN_SHARE = 0.8;
/**
 * A rule in pieces: flat pieces (each at least twice as long as it is thick) at most DASH_GAP
 * of a row apart. Down a column, a line with one piece a rule on its own or pieces covering
 * UNBROKEN of its length (a line the scan broke in a few places); along a row, dashes: at least
 * MIN_DASHES pieces, none a rule on its own, with gaps (a solid rule, which stays).
 */
const DASH_GAP = 0.5;
const UNBROKEN = 0.9;
const MIN_DASHES = 8;

export interface Pixels {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
}

/** One direction of the page: `lines` lines of `length` pixels, `step` apart along a line, `lineStep` from one line to the next. */
interface Axis {
  lines: number;
  length: number;
  step: number;
  lineStep: number;
}

/**
 * Whitens, in place, the ruled lines of a grey page whose text rows are `rowPx` high;
 * returns how many pixels were whitened (0: no rule, the page is as it was).
 */
export function removeRules(page: Pixels, rowPx: number): number {
  const { data, width, height } = page;
  if (!(rowPx >= 8)) return 0;
  const n = width * height;
  const rows: Axis = { lines: height, length: width, step: 1, lineStep: width };
  const columns: Axis = { lines: width, length: height, step: width, lineStep: 1 };
  const ink = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (data[i] < INK) ink[i] = 1;
  // each ink pixel's run across the page and down it (its thickness the other way)
  const across = runsAlongRows(ink, width, height, true);
  const down = runsDownColumns(ink, width, height, true);
  // runs that may wander by a pixel: along a row, ink in the row or a neighbouring one; down a column, likewise
  const near = new Uint8Array(n);
  for (let i = 0; i < n; i++) near[i] = ink[i] | (i >= width ? ink[i - width] : 0) | (i + width < n ? ink[i + width] : 0);
  const alongRows = runsAlongRows(near, width, height, false);
  for (let i = 0; i < n; i++) {
    const x = i % width;
    near[i] = ink[i] | (x > 0 ? ink[i - 1] : 0) | (x < width - 1 ? ink[i + 1] : 0);
  }
  const alongColumns = runsDownColumns(near, width, height, false);
  const thick = Math.max(2, Math.round(rowPx * MAX_THICKNESS));
  const minAcross = Math.round(rowPx * HORIZONTAL_ROWS);
  const minDown = Math.round(rowPx * VERTICAL_ROWS);
  const maxGap = Math.round(rowPx * DASH_GAP);
  const rule = near.fill(0);
  // dashed lines along the rows; where a column line crosses one, the crossing goes too (no letter is that tall)
  markRules(rows, alongRows, down, ink, rule, { thick, maxGap, minLength: minAcross, crossing: Math.min(255, minDown), kind: 'dashed' });
  // column lines: only a line holding a rule on its own or nearly unbroken counts (the stems
  // of letters, a column of 1s, line up the way a dashed line's pieces do)
  markRules(columns, alongColumns, across, ink, rule, { thick, maxGap, minLength: minDown, crossing: Math.min(255, minAcross), kind: 'solid' });

  let whitened = 0;
  for (let i = 0; i < n; i++) {
    if (!rule[i]) continue;
    data[i] = 255;
    whitened++;
    // the rule's soft edge (a lighter grey) goes with it
    const x = i % width;
    if (i >= width && !ink[i - width]) data[i - width] = 255;
    if (i + width < n && !ink[i + width]) data[i + width] = 255;
    if (x > 0 && !ink[i - 1]) data[i - 1] = 255;
    if (x < width - 1 && !ink[i + 1]) data[i + 1] = 255;
  }
  return whitened;
}

/** The length of the run of set pixels along its row that each pixel is part of (0: not set); `short`: saturated at 255, one byte a pixel. */
function runsAlongRows(mask: Uint8Array, width: number, height: number, short: boolean): Uint8Array | Uint16Array {
  const out = short ? new Uint8Array(mask.length) : new Uint16Array(mask.length);
  const max = short ? 255 : 65535;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; ) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && mask[row + end]) end++;
      out.fill(Math.min(max, end - x), row + x, row + end);
      x = end;
    }
  }
  return out;
}

/** The same down each column, computed row by row as the picture lies in memory: counting down the picture, then spreading each run's length back up it. */
function runsDownColumns(mask: Uint8Array, width: number, height: number, short: boolean): Uint8Array | Uint16Array {
  const n = mask.length;
  const count = new Uint16Array(n);
  for (let i = 0; i < n; i++) if (mask[i]) count[i] = i >= width && count[i - width] ? count[i - width] + 1 : 1;
  for (let i = n - width - 1; i >= 0; i--) if (count[i] && count[i + width]) count[i] = count[i + width];
  if (!short) return count;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.min(255, count[i]);
  return out;
}

interface RuleLimits {
  /** thickest a rule may be */
  thick: number;
  /** a run at least this long may be a rule on its own */
  minLength: number;
  /** a run the other way at least this long is a crossing rule, not a letter */
  crossing: number;
  /** widest gap between the pieces of a rule */
  maxGap: number;
  /** what is taken off: dashed lines (not solid ones), or solid lines (also broken in places) */
  kind: 'dashed' | 'solid';
}

/**
 * Marks, along each line of `axis`, the ink of its rules of `kind`: a chain of flat pieces (runs
 * of `along`, thin by `thickness`) with short gaps between, long enough.
 */
function markRules(axis: Axis, along: Uint8Array | Uint16Array, thickness: Uint8Array | Uint16Array, ink: Uint8Array, rule: Uint8Array, lim: RuleLimits): void {
  const thinAt = (i: number) => !ink[i] || thickness[i] <= lim.thick || thickness[i] >= lim.crossing;
  for (let l = 0; l < axis.lines; l++) {
    const base = l * axis.lineStep;
    let chain = { from: -1, to: -1, pieces: 0, covered: 0, solid: false };
    const endChain = () => {
      const span = chain.to - chain.from;
      const solid = chain.solid || chain.covered >= span * UNBROKEN;
      if (span >= lim.minLength && (lim.kind === 'solid' ? solid : !solid && chain.pieces >= MIN_DASHES)) {
        for (let k = chain.from; k < chain.to; k++) {
          const i = base + k * axis.step;
          if (ink[i] && thinAt(i)) rule[i] = 1;
        }
      }
      chain = { from: -1, to: -1, pieces: 0, covered: 0, solid: false };
    };
    for (let p = 0; p < axis.length; ) {
      const len = along[base + p * axis.step];
      if (!len) {
        p++;
        continue;
      }
      let thin = 0;
      let tallest = 0;
      for (let k = p; k < p + len; k++) {
        const i = base + k * axis.step;
        if (thinAt(i)) thin++;
        if (ink[i] && thickness[i] < lim.crossing) tallest = Math.max(tallest, thickness[i]);
      }
      const solid = len >= lim.minLength && thin >= len * THIN_SHARE;
      if (!solid && !(len >= 3 && tallest <= lim.thick && len >= tallest * 2)) endChain();
      else {
        if (!chain.pieces || p - chain.to > lim.maxGap) {
          endChain();
          chain.from = p;
        }
        chain.to = p + len;
        chain.pieces++;
        chain.covered += len;
        chain.solid ||= solid;
      }
      p += len;
    }
    endChain();
  }
}
