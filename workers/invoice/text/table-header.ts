// Line-table headers: which columns a header row announces ("Description | Qty |
// Unit Price | Amount" in any of our languages), where each column sits, and which
// column a cell of a later row falls under.
import type { Cell, LayoutLine } from '../layout.js';
import { overlap } from './labels.js';
import { COLUMN_WORDS, type Column } from './vocabulary.js';

export interface HeaderColumn {
  col: Column;
  x0: number;
  x1: number;
}

const STICKY = COLUMN_WORDS.map(([re, col]) => [new RegExp(re.source, re.flags.replace('g', '') + 'y'), col] as const);

/** The columns a header line announces, or null when the line is not a table header. */
export function headerColumns(line: LayoutLine): HeaderColumn[] | null {
  const cols: HeaderColumn[] = [];
  let unmatched = 0;
  for (const cell of line.cells) {
    if (/\d/.test(cell.text)) return null;
    const parts = splitHeaderCell(cell);
    if (!parts.length) unmatched++;
    cols.push(...parts);
  }
  const kinds = new Set(cols.map((c) => c.col));
  const named = kinds.has('description') || kinds.has('sku');
  const numeric = kinds.has('quantity') || kinds.has('unit_price') || kinds.has('line_total');
  if (cols.length < 2 || kinds.size < 2 || !named || !numeric) return null;
  if (unmatched > Math.max(1, line.cells.length * 0.3)) return null;
  return cols;
}

/** "BTW Prijs incl. BTW" -> tax + line_total, each with the x-range its words take up. */
function splitHeaderCell(cell: Cell): HeaderColumn[] {
  const text = cell.text;
  const width = cell.x1 - cell.x0;
  const xAt = (i: number) => cell.x0 + (width * i) / Math.max(1, text.length);
  const out: HeaderColumn[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i])) {
      i++;
      continue;
    }
    let best: { col: Column; end: number } | null = null;
    for (const [re, col] of STICKY) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m && m[0].length && (!best || i + m[0].length > best.end)) best = { col, end: i + m[0].length };
    }
    if (best) {
      out.push({ col: best.col, x0: xAt(i), x1: xAt(best.end) });
      i = best.end;
    } else {
      const next = text.slice(i).search(/\s/);
      i = next < 0 ? text.length : i + next;
    }
  }
  return out;
}

export /** The header column above a cell: the one it overlaps most, else the nearest one close enough (a few line heights). */
function columnAt(header: HeaderColumn[], box: { x0: number; x1: number }, lineHeight: number): Column | null {
  if (!header.length) return null;
  let best: HeaderColumn | null = null;
  let bestOverlap = 0;
  for (const h of header) {
    const o = overlap(box, h);
    if (o > bestOverlap) {
      best = h;
      bestOverlap = o;
    }
  }
  if (best) return best.col;
  const centre = (box.x0 + box.x1) / 2;
  const distance = (h: HeaderColumn) => Math.abs((h.x0 + h.x1) / 2 - centre);
  const nearest = header.reduce((a, b) => (distance(a) <= distance(b) ? a : b));
  return distance(nearest) <= Math.max(4 * lineHeight, 1.5 * (nearest.x1 - nearest.x0)) ? nearest.col : null;
}
