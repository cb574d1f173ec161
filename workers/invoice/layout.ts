// Positioned text -> reading lines and cells. PDF text items and OCR words both
// arrive as boxes on a page; an invoice is read by rows (tokens sharing a
// baseline) and, within a row, by cells (runs of tokens separated by a gap wider
// than a word space). Column alignment between rows is what the table and
// label/value readers use later, so every cell keeps its horizontal extent.

export interface Token {
  text: string;
  page: number;
  x0: number;
  x1: number;
  /** vertical centre, top-down */
  y: number;
  h: number;
  /** 0–1: the OCR engine's confidence in the word (absent: a text layer, certain) */
  conf?: number;
}

export interface Cell {
  text: string;
  x0: number;
  x1: number;
  /** 0–1: mean OCR confidence of its words (1 for a text layer) */
  conf: number;
}

export interface LayoutLine {
  /** position in the document's reading order */
  index: number;
  page: number;
  y: number;
  h: number;
  x0: number;
  x1: number;
  cells: Cell[];
  /** cells joined with " | " (used by the pattern readers) */
  text: string;
  /** 0–1: mean OCR confidence of its words (1 for a text layer) */
  conf: number;
}

export interface PageBox {
  width: number;
  height: number;
}

export interface Layout {
  pages: PageBox[];
  lines: LayoutLine[];
  /** every line's text, one per line: the plain-text view used for document-wide habits */
  text: string;
  /** 0–1: how much the text can be trusted (1 for a PDF text layer, OCR confidence otherwise) */
  quality: number;
}

export interface LayoutOptions {
  /** a gap wider than this many line heights starts a new cell */
  cellGap?: number;
}

export function buildLayout(tokens: Token[], pages: PageBox[], quality: number, opts: LayoutOptions = {}): Layout {
  const cellGap = opts.cellGap ?? 0.6;
  const lines: LayoutLine[] = [];
  const byPage = new Map<number, Token[]>();
  for (const whole of tokens) {
    for (const t of ruledApart(whole)) {
      const text = t.text.replace(/\s+/g, ' ');
      if (!text.trim()) continue;
      const list = byPage.get(t.page) ?? [];
      list.push({ ...t, text });
      byPage.set(t.page, list);
    }
  }
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const rows: Token[][] = [];
    const sorted = byPage.get(page)!.sort((a, b) => a.y - b.y || a.x0 - b.x0);
    for (const t of sorted) {
      // (sorted by y, so only the last few rows can still take it)
      let row: Token[] | undefined;
      for (let i = rows.length - 1; i >= Math.max(0, rows.length - 4) && !row; i--) {
        // the smaller height decides: a big title must not pull two small lines together
        if (Math.abs(rowY(rows[i]) - t.y) <= Math.max(1.5, 0.45 * Math.min(t.h, rowH(rows[i])))) row = rows[i];
      }
      if (row) row.push(t);
      else rows.push([t]);
    }
    rows.sort((a, b) => rowY(a) - rowY(b));
    for (const row of rows) {
      row.sort((a, b) => a.x0 - b.x0);
      const h = rowH(row);
      const cells: (Cell & { confs: number[] })[] = [];
      // (an OCR reading's table rule, read as "|": the cells on either side of it are apart however close)
      let ruled = false;
      for (const t of row) {
        if (t.conf !== undefined && /^[|¦]+$/.test(t.text.trim())) {
          ruled = true;
          continue;
        }
        const last = cells[cells.length - 1];
        const gap = last ? t.x0 - last.x1 : Infinity;
        const apart = ruled || (t as RuledToken).ruled === true;
        ruled = false;
        if (last && !apart && gap <= Math.max(2.5, cellGap * h)) {
          const space = gap > 0.12 * h && !last.text.endsWith(' ') && !t.text.startsWith(' ') ? ' ' : '';
          last.text += space + t.text;
          last.x1 = Math.max(last.x1, t.x1);
          last.confs.push(t.conf ?? 1);
        } else {
          cells.push({ text: t.text, x0: t.x0, x1: t.x1, conf: 1, confs: [t.conf ?? 1] });
        }
      }
      for (const c of cells) {
        c.text = c.text.trim();
        c.conf = mean(c.confs);
      }
      const kept: Cell[] = cells.filter((c) => c.text && !/^[|¦]+$/.test(c.text)).map(({ text, x0, x1, conf }) => ({ text, x0, x1, conf }));
      if (!kept.length) continue;
      lines.push({
        index: 0,
        page,
        y: rowY(row),
        h,
        x0: kept[0].x0,
        x1: kept[kept.length - 1].x1,
        cells: kept,
        text: kept.map((c) => c.text).join(' | '),
        conf: mean(row.map((t) => t.conf ?? 1)),
      });
    }
  }
  lines.forEach((l, i) => (l.index = i));
  return { pages, lines, text: lines.map((l) => l.text).join('\n'), quality };
}

type RuledToken = Token & { ruled?: boolean };

/**
 * An OCR word with a table's rule read into it as "|" between a number and a word — "1623.00|EUR", "Total|12.50",
 * "%|Base" — is the two on either side of the rule, each in its cell (the rule's side marked `ruled`). Not a "|"
 * between two letters ("Wa|ker") or two digits ("44|7", "1|2.50"), nor one at a word's end ("Pau|", "Tota|"): a
 * letter or a digit misread. Not a text layer's words, which print what they say; not a run of rules (a hostile
 * "1|1|1…" is left whole).
 */
const RULE_BETWEEN = /(?<=\d)[|¦](?=\p{L})|(?<=\p{L})[|¦](?=\d)|(?<=%)[|¦](?=\p{L})/u;

function ruledApart(t: Token): RuledToken[] {
  if (t.conf === undefined || !RULE_BETWEEN.test(t.text) || (t.text.match(/[|¦]/g) ?? []).length > 8) return [t];
  const out: RuledToken[] = [];
  const width = (t.x1 - t.x0) / Math.max(1, t.text.length);
  let start = 0;
  let ruled = false;
  for (let i = 0; i <= t.text.length; i++) {
    const rule = i < t.text.length && /[|¦]/.test(t.text[i]) && RULE_BETWEEN.test(t.text.slice(Math.max(0, i - 1), i + 2));
    if (i < t.text.length && !rule) continue;
    const piece = t.text.slice(start, i);
    if (piece.trim()) out.push({ ...t, text: piece, x0: t.x0 + start * width, x1: t.x0 + i * width, ...(ruled ? { ruled: true } : {}) });
    ruled = true;
    start = i + 1;
  }
  return out.length ? out : [t];
}

const mean = (xs: number[]) => Math.round((xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)) * 1000) / 1000;
const rowY = (r: Token[]) => r.reduce((s, t) => s + t.y, 0) / r.length;
const rowH = (r: Token[]) => Math.max(...r.map((t) => t.h));

/**
 * A layout from plain text (a .txt invoice, a printout saved as text): monospaced, so a
 * character's position is its column; cells are split on tabs or two or more spaces.
 */
export function layoutFromText(text: string): Layout {
  const tokens: Token[] = [];
  const CHAR = 5;
  const rows = text.replace(/\f/g, '\n').split(/\r?\n/);
  rows.forEach((raw, row) => {
    const line = raw.replace(/\t/g, '    ');
    for (const m of line.matchAll(/\S+(?: \S+)*/g)) tokens.push({ text: m[0], page: 1, x0: m.index! * CHAR, x1: (m.index! + m[0].length) * CHAR, y: row * 12 + 6, h: 10 });
  });
  const width = Math.max(600, ...tokens.map((t) => t.x1));
  return buildLayout(tokens, [{ width, height: Math.max(800, rows.length * 12) }], 1, { cellGap: 0.9 });
}
