// A table of totals per tax rate whose last row is their sum, with no label on any row:
//   Warenwert | … | Nettobetrag | MwSt-Betrag | MwSt-% | Endbetrag
//   326,50    | … | 321,40      | 61,07       | 19,0   | 382,47
//   130,70    | … | 127,59      | 8,93        | 7,0    | 136,52
//   457,20    | … | 448,99      | 70,00       | EUR    | 518,99
// The rows under a total's heading (Endbetrag, Total, Brutto …) are each a candidate by their
// label; the one the others add up to, to the cent, is the document's total.
import type { Layout } from '../layout.js';
import { overlap } from './labels.js';
import { round2 } from './numbers.js';
import { sameCents } from './totals-block.js';
import type { Money } from './total-arithmetic.js';

const TOTAL_HEADING = /^(?:endbetrag|gesamtbetrag|bruttobetrag|brutto|gesamt|total|amount|total\s+ttc|montant\s+ttc|totaal|importe|totale)$/i;

/** A row of figures only: three numbers or more, no word (an item line has its description). */
const figuresOnly = (cells: { text: string }[]) => cells.filter((c) => /\d/.test(c.text)).length >= 3 && !cells.some((c) => /\p{L}{5,}/u.test(c.text));

export function summedColumnTotal(layout: Layout, money: Money): { value: number; conf: number } | null {
  for (const line of layout.lines) {
    for (const heading of line.cells) {
      if (!TOTAL_HEADING.test(heading.text.trim())) continue;
      const rows: { value: number; conf: number }[] = [];
      for (let i = line.index + 1; i < layout.lines.length && i <= line.index + 8; i++) {
        const row = layout.lines[i];
        if (row.page !== line.page || !figuresOnly(row.cells)) break;
        const cell = row.cells.find((c) => overlap(c, heading) > 0);
        const value = cell ? money(cell.text) : null;
        if (value === null) break;
        rows.push({ value, conf: row.conf });
      }
      if (rows.length < 3) continue;
      const last = rows[rows.length - 1];
      const sum = round2(rows.slice(0, -1).reduce((s, r) => s + r.value, 0));
      if (last.value !== 0 && sameCents(sum, last.value)) return last;
    }
  }
  return null;
}
