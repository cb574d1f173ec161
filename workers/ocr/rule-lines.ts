// Ruled lines (a form's boxes, a table's borders, a line under a field) taken off a
// prepared page before the OCR engine reads it (./prepare-document.ts). Text that touches
// a rule joins it into one large shape, which the engine's page layout takes for a picture
// or a separator, and drops the words with it: an invoice number in a ruled box, a total
// in a boxed cell. A rule is a run of ink much longer than a text row and, along most of
// its length, much thinner than one; only its thin part is whitened, so a letter that
// crosses it keeps its stroke.

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
/** A dashed rule: at least this many dashes (each at least twice as long as it is thick), at most DASH_GAP of a row apart. */
const MIN_DASHES = 8;
const DASH_GAP = 0.5;

export interface Pixels {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
}

/**
 * Whitens, in place, the ruled lines of a grey page whose text rows are `rowPx` high;
 * returns how many pixels were whitened (0: no rule, the page is as it was).
 */
export function removeRules(page: Pixels, rowPx: number): number {
  const { data, width, height } = page;
  if (!(rowPx >= 8)) return 0;
  const thick = Math.max(2, Math.round(rowPx * MAX_THICKNESS));
  const n = width * height;
  // the length of the horizontal and of the vertical run of ink each pixel is part of (0: paper)
  const across = new Uint16Array(n);
  const down = new Uint16Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; ) {
      if (data[row + x] >= INK) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && data[row + end] < INK) end++;
      across.fill(Math.min(65535, end - x), row + x, row + end);
      x = end;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; ) {
      if (data[y * width + x] >= INK) {
        y++;
        continue;
      }
      let end = y;
      while (end < height && data[end * width + x] < INK) end++;
      const len = Math.min(65535, end - y);
      for (let k = y; k < end; k++) down[k * width + x] = len;
      y = end;
    }
  }
  // horizontal rules: runs along a row, thin (a short vertical run) over most of their length;
  // where a long vertical run crosses one, the crossing goes too (no letter is that tall)
  const rule = new Uint8Array(n);
  const minAcross = Math.round(rowPx * HORIZONTAL_ROWS);
  const minDown = Math.round(rowPx * VERTICAL_ROWS);
  const maxGap = Math.round(rowPx * DASH_GAP);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // a dashed rule: a chain of dashes along the row, each flat, with short gaps between
    let chain = { from: -1, to: -1, dashes: 0 };
    const endChain = () => {
      if (chain.dashes >= MIN_DASHES && chain.to - chain.from >= minAcross) for (let k = chain.from; k < chain.to; k++) if (across[row + k]) rule[row + k] = 1;
      chain = { from: -1, to: -1, dashes: 0 };
    };
    for (let x = 0; x < width; ) {
      const len = across[row + x];
      if (!len) {
        x++;
        continue;
      }
      if (len >= minAcross) {
        endChain();
        let thin = 0;
        for (let k = x; k < x + len; k++) if (down[row + k] <= thick) thin++;
        if (thin >= len * THIN_SHARE) for (let k = x; k < x + len; k++) if (down[row + k] <= thick || down[row + k] >= minDown) rule[row + k] = 1;
      } else {
        let tallest = 0;
        // (where a vertical rule crosses the dash, its run does not count)
        for (let k = x; k < x + len; k++) if (down[row + k] < minDown) tallest = Math.max(tallest, down[row + k]);
        const dash = len >= 3 && tallest <= thick && len >= tallest * 2;
        if (!dash) endChain();
        else if (chain.dashes && x - chain.to <= maxGap) {
          chain.to = x + len;
          chain.dashes++;
        } else {
          endChain();
          chain = { from: x, to: x + len, dashes: 1 };
        }
      }
      x += len;
    }
    endChain();
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; ) {
      const len = down[y * width + x];
      if (!len) {
        y++;
        continue;
      }
      if (len >= minDown) {
        let thin = 0;
        for (let k = y; k < y + len; k++) if (across[k * width + x] <= thick) thin++;
        if (thin >= len * THIN_SHARE) for (let k = y; k < y + len; k++) if (across[k * width + x] <= thick || across[k * width + x] >= minAcross) rule[k * width + x] = 1;
      }
      y += len;
    }
  }
  let whitened = 0;
  for (let i = 0; i < n; i++) {
    if (!rule[i]) continue;
    data[i] = 255;
    whitened++;
    // the rule's soft edge (a lighter grey) goes with it
    const x = i % width;
    for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) if (j >= 0 && j < n && !rule[j] && data[j] >= INK) data[j] = 255;
  }
  return whitened;
}
