// Number cells of a table row: a cell made only of numbers, percentages, currency
// marks and unit words, split into its numbers with an estimated position each.
import type { Cell } from '../layout.js';
import type { Column } from './vocabulary.js';
import { UNIT_WORDS } from './vocabulary.js';
import { looksLikeMoney, parseAmount, type DecimalMark } from './numbers.js';

export interface NumberPiece {
  value: number;
  money: boolean;
  integer: boolean;
  unit: string | null;
  x0: number;
  x1: number;
  col: Column | null;
}

/**
 * A cell made only of numbers, percentages, currency marks and unit words ("$ 42.00",
 * "1.00 kg", "0.00 15.00%", "21 %") -> its numbers, each with an x estimated from its
 * position in the cell; null when the cell is text.
 */
export function numericPieces(cell: Cell, decimal: DecimalMark | null): Omit<NumberPiece, 'col'>[] | null {
  const text = cell.text.replace(/\u00a0/g, ' ');
  const tokens = [...text.matchAll(/\S+/g)];
  if (!tokens.length) return null;
  const width = cell.x1 - cell.x0;
  const xAt = (i: number) => cell.x0 + (width * i) / Math.max(1, text.length);
  const out: Omit<NumberPiece, 'col'>[] = [];
  let pendingCurrency = false;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i][0];
    const at = tokens[i].index!;
    if (/^(?:€|\$|£|¥|CHF|EUR|USD|GBP|Fr\.)$/i.test(tok)) {
      pendingCurrency = true;
      continue;
    }
    if (/^%$/.test(tok)) {
      if (out.length) out[out.length - 1] = { ...out[out.length - 1], value: NaN };
      continue;
    }
    if (/^[xX×]$/.test(tok)) continue;
    if (UNIT_WORDS.test(tok.replace(/\.$/, '')) && out.length) {
      out[out.length - 1].unit ??= tok.replace(/\.$/, '').toLowerCase();
      continue;
    }
    if (/%$/.test(tok) && parseAmount(tok.slice(0, -1), decimal) !== null) {
      out.push({ value: NaN, money: false, integer: false, unit: null, x0: xAt(at), x1: xAt(at + tok.length) });
      continue;
    }
    // "12x" / "2pcs" glued to its unit
    const glued = /^(\d+(?:[.,]\d+)?)([a-zA-Z]{1,5})$/.exec(tok);
    if (glued && (UNIT_WORDS.test(glued[2]) || /^x$/i.test(glued[2]))) {
      const v = parseAmount(glued[1], decimal);
      if (v === null) return null;
      out.push({ value: v, money: false, integer: Number.isInteger(v), unit: /^x$/i.test(glued[2]) ? null : glued[2].toLowerCase(), x0: xAt(at), x1: xAt(at + tok.length) });
      continue;
    }
    const value = parseAmount(tok, decimal);
    if (value === null) return null;
    const money = pendingCurrency || looksLikeMoney(tok);
    out.push({ value, money, integer: Number.isInteger(value) && !/[.,]\d{2}$/.test(tok), unit: null, x0: xAt(at), x1: xAt(at + tok.length) });
    pendingCurrency = false;
  }
  // percentages are kept out (NaN marks them), but they were numbers, so the cell is numeric
  const kept = out.filter((p) => !Number.isNaN(p.value));
  return out.length ? kept : null;
}
