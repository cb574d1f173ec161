// Where a prepared page may be cut into horizontal bands that separate engine workers
// read at once (./tesseract-pool.ts). A cut runs only through blank rows (a gap between
// text rows, across the whole width), so no word, table rule or picture is cut; the
// bands hold about equal amounts of text, counted as strokes (a row's runs of ink: a
// logo's or a barcode's solid ink weighs less than its area, lines of small print more).

/** Grey level under which a pixel of the prepared (contrast-stretched) picture is ink. */
const INK = 128;
/** Blank rows in a run for a gap a cut may pass through. */
const MIN_GAP_ROWS = 3;
/** Fewer gaps than this: too few text rows for splitting to pay. */
const MIN_GAPS = 6;
/** A band with less than this share of the strokes is not worth an engine call of its own. */
const MIN_BAND_SHARE = 0.1;

/**
 * Rows (top to bottom) where the grey picture is cut into at most `parts` bands of
 * about equal text; none when it cannot be cut well (few rows, no blank rows across).
 */
export function bandCuts(data: Uint8Array | Buffer, width: number, height: number, parts: number): number[] {
  if (parts < 2 || height < 2) return [];
  // strokes per row, and the running total down the page
  const before = new Float64Array(height + 1);
  const blank = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    let strokes = 0;
    let inInk = false;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const ink = data[i] < INK;
      if (ink && !inInk) strokes++;
      inInk = ink;
    }
    before[y + 1] = before[y] + strokes;
    blank[y] = strokes === 0 ? 1 : 0;
  }
  const total = before[height];
  if (!total) return [];
  // the middle row of each run of blank rows
  const gaps: number[] = [];
  for (let y = 0; y < height; ) {
    if (!blank[y]) {
      y++;
      continue;
    }
    let end = y;
    while (end < height && blank[end]) end++;
    if (end - y >= MIN_GAP_ROWS && y > 0 && end < height) gaps.push((y + end) >> 1);
    y = end;
  }
  if (gaps.length < MIN_GAPS) return [];
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const want = (total * k) / parts;
    const best = gaps.reduce((a, b) => (Math.abs(before[b] - want) < Math.abs(before[a] - want) ? b : a));
    if (!cuts.includes(best)) cuts.push(best);
  }
  cuts.sort((a, b) => a - b);
  // every band must carry its share of the text
  const bounds = [0, ...cuts, height];
  for (let i = 1; i < bounds.length; i++) {
    if (before[bounds[i]] - before[bounds[i - 1]] < total * MIN_BAND_SHARE) return parts > 2 ? bandCuts(data, width, height, parts - 1) : [];
  }
  return cuts;
}
