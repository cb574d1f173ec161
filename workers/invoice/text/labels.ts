// Label -> value on a laid-out page. A value sits after its label in the same cell
// ("Invoice No: 42"), in the next cell to the right ("Rechnungsnr. | 30064443"), or
// under it in the same column ("Invoice Date:" above "03/20/2023"), which is how
// header boxes and header tables print it.
import type { Cell, Layout, LayoutLine } from '../layout.js';
import type { Label } from './vocabulary.js';
import { MONTH_RE } from './dates.js';

export interface Candidate<T> {
  value: T;
  score: number;
  line: LayoutLine;
  /** how the value was found: same cell, right, below */
  where: 'cell' | 'right' | 'below' | 'left';
  /** the label's cell in its line */
  cellIndex: number;
  /** found under a bare title ("INVOICE"), not a label naming the field */
  bare?: boolean;
}

export interface LabelSearch<T> {
  labels: Label[];
  /** reads the value from a piece of text, or null */
  parse: (text: string) => T | null;
  /** labels whose cell also matches this are skipped (e.g. "Due date") */
  exclude?: RegExp;
  /** how far below a label to look (lines) */
  below?: number;
  /** a label whose own cell holds a value with digits that is not this field's ("Faktura nr 7/03/2024" for a parser of
   * plain numbers) has its value there: nothing to its right or below is read for it */
  ownValueOnly?: boolean;
}

const POSITION_WEIGHT = { cell: 1, right: 0.95, below: 0.85, left: 0.5 } as const;
/** a number's mark alone in its cell: "No.", "Nr.", "N°", "#" */
const NUMBER_MARK_CELL = /^\s*(?:no|nr|n[°º]|#)\.?\s*:?\s*$/i;

/**
 * "Invoice dateOct 31, 2023", "Invoice number4836212534": a PDF that sets a label and its value as one
 * run of text, without a space between, still prints the label; the space is put back before reading.
 * Only in a text layer, and only before what opens a value (a digit, a month and its day): in OCR text
 * a garbled line glues anything ("DateFOURNITURESdébut:01/01/2022").
 */
const CAPITALISED_MONTH = MONTH_RE.split('|').map((m) => m.charAt(0).toUpperCase() + m.slice(1)).join('|');
const GLUED_VALUE = new RegExp(`\\b([Dd]ate|[Dd]atum|[Nn]umber|[Nn]ummer|[Nn]o|[Nn]r|[Tt]otal|[Aa]mount|[Bb]etrag|[Ss]umme)(?=\\d|(?:${CAPITALISED_MONTH})\\.?\\s?\\d)`, 'gu');
const degluedLabel = (text: string): string => text.replace(GLUED_VALUE, '$1 ');

export function findLabeled<T>(layout: Layout, search: LabelSearch<T>): Candidate<T>[] {
  const out: Candidate<T>[] = [];
  const { lines } = layout;
  for (const line of lines) {
    line.cells.forEach((cell, ci) => {
      if (search.exclude?.test(cell.text)) return;
      const text = line.conf === 1 ? degluedLabel(cell.text) : cell.text;
      for (const label of search.labels) {
        const m = label.re.exec(text);
        if (!m) continue;
        // a bare title only counts at the start of its cell
        if (label.bare && m.index !== 0) continue;
        const rest = text.slice(m.index + m[0].length).replace(/^[\s:.#\-–=]+/, '');
        const add = (value: T | null, where: Candidate<T>['where'], l: LayoutLine) => {
          if (value !== null) out.push({ value, score: label.weight * POSITION_WEIGHT[where], line: l, where, cellIndex: ci, ...(label.bare ? { bare: true } : {}) });
        };
        // (a slip's amount first, its codes after it: only the amount is read)
        const lead = label.leading ? /^(?:(?:EUR|€)\s?)?-?\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?!\d)(?:\s?(?:€|EUR)(?!\p{L}))?/u.exec(rest) : null;
        const inCell = rest ? search.parse(rest) ?? (lead ? search.parse(lead[0]) : null) : null;
        if (inCell !== null) {
          add(inCell, 'cell', line);
          break;
        }
        if (search.ownValueOnly && !label.bare && /^\S*\d/.test(rest)) break;
        // the value's cell, past at most two short cells without digits between: a currency
        // mark ("TOTAL : | RM | 39.80") or OCR specks ("TOTAL | )/D) | s~ | 55.10")
        let next = ci + 1;
        while (next < Math.min(line.cells.length - 1, ci + 3) && !/\d/.test(line.cells[next].text) && line.cells[next].text.trim().length <= 4) next++;
        const right = line.cells[next];
        // header boxes print the value right-aligned, sometimes half a page away from its label
        const pageWidth = layout.pages[line.page - 1]?.width ?? 600;
        // (or anywhere on a line of just the two: "Offener Betrag" at the left margin, "134,60 €" at the right one —
        // a bare value, not another field's label with its value: "Rechnungsnummer … Kundennummer 40017")
        const pair = line.cells.length === 2 && ci === 0 && next === 1 && !!right && !/\p{L}{2}/u.test(right.text.replace(/\b[A-Z]{3}\b|\b(?:RM|Rs|Rp|Eur|eur)\b/g, ''));
        if (right && (pair || right.x0 - cell.x1 < Math.max(pageWidth * 0.5, (cell.x1 - cell.x0) * 4))) add(search.parse(right.text), 'right', line);
        // a photo's slant: the value to the right of a label that ends its line, the OCR's next line a little
        // lower ("FACTURE N°:" … "F20220027" 16 px down on a 21 px line), counts as beside it
        const slanted = lines[line.index + 1];
        if (!right && ci === line.cells.length - 1 && slanted && slanted.page === line.page && slanted.y - line.y <= 0.8 * line.h) {
          const beside = slanted.cells.find((c) => c.x0 >= cell.x1 && c.x0 - cell.x1 < pageWidth * 0.5);
          if (beside) add(search.parse(beside.text), 'below', slanted);
        }
        const under = cellsBelow(lines, line, cell, search.below ?? 2);
        for (const below of under) {
          add(search.parse(below.cell.text), 'below', below.line);
          // ("INVOICE" over "No. | A1234": a number's mark alone in its cell under the title, the value in the next cell)
          const after = below.line.cells[below.line.cells.indexOf(below.cell) + 1];
          if (NUMBER_MARK_CELL.test(below.cell.text) && after) add(search.parse(after.text), 'below', below.line);
        }
        // "Total:" ending its line, the amount alone on the next line, right-aligned (not under the label)
        // (or after one line of words between: "Total a Pagar:" / "MULTIBANCO" / "84,20 €", how a two-column slip reads as text)
        const lineAfter = (l: LayoutLine | undefined) => l && l.page === line.page && l.cells.length === 1 && l.y - line.y < line.h * 5;
        let nextLine = lines[line.index + 1];
        const wordsUnder = under.length === 1 && under[0].line === nextLine && !/\d/.test(nextLine.text);
        if (nextLine && !/\d/.test(nextLine.text) && (!under.length || wordsUnder) && ci === line.cells.length - 1 && lineAfter(lines[line.index + 2]) && /\d/.test(lines[line.index + 2].text)) nextLine = lines[line.index + 2];
        if ((!under.length || (wordsUnder && nextLine !== lines[line.index + 1])) && ci === line.cells.length - 1 && (search.below ?? 2) > 0 && nextLine && nextLine.page === line.page && nextLine.cells.length === 1 && nextLine.y - line.y < line.h * (nextLine.index === line.index + 1 ? 3 : 5)) add(search.parse(nextLine.cells[0].text), 'below', nextLine);
        const left = line.cells[ci - 1];
        if (left && ci === line.cells.length - 1) add(search.parse(left.text), 'left', line);
        break;
      }
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Cells in the next lines of the same page whose horizontal extent overlaps `cell`. */
export function cellsBelow(lines: LayoutLine[], line: LayoutLine, cell: Cell, depth: number): { line: LayoutLine; cell: Cell }[] {
  const out: { line: LayoutLine; cell: Cell }[] = [];
  for (let i = line.index + 1; i < lines.length && i <= line.index + depth; i++) {
    const next = lines[i];
    if (next.page !== line.page || next.y - line.y > line.h * 4 * depth) break;
    const hit = next.cells.find((c) => overlap(c, cell) > 0);
    if (hit) out.push({ line: next, cell: hit });
  }
  return out;
}

export function overlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}
