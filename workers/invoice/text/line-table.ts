// Item lines from a laid-out page. With a column header ("Description | Qty | Unit
// Price | Amount", in any of our languages) each row's cells are assigned to the
// header's columns by horizontal position; without one, rows of "text ... amount"
// are taken. Either way the numbers are checked against each other (qty × price ≈
// total) to settle which is which, rows of sums/taxes are skipped, and text lines
// printed under an item are kept as its details.
import type { Layout, LayoutLine } from '../layout.js';
import { field, type ExtractedLine } from '../types.js';
import { close, looksLikeMoney, round2, type DecimalMark } from './numbers.js';
import { NON_ITEM_ROW, NOT_TOTAL, TOTAL_LABELS, UNIT_WORDS, type Column } from './vocabulary.js';
import { columnAt, headerColumns, type HeaderColumn } from './table-header.js';
import { numericPieces, type NumberPiece } from './number-cells.js';
import { splitCodes } from './descriptions.js';
import { checkGtin } from '../../../domain/catalog/gtin.js';

const isGtin = (code: string) => checkGtin(code).ok;

export function readLineItems(layout: Layout, decimal: DecimalMark | null): ExtractedLine[] {
  const items = readWithHeader(layout, decimal);
  if (items !== null) return items;
  return readWithoutHeader(layout, decimal);
}

function readWithHeader(layout: Layout, decimal: DecimalMark | null): ExtractedLine[] | null {
  let header: HeaderColumn[] | null = null;
  let sawHeader = false;
  let idle = 0;
  const items: ExtractedLine[] = [];
  let last: { item: ExtractedLine; line: LayoutLine; details: string[] } | null = null;
  const flush = () => {
    if (last?.details.length) last.item.details = last.details.join('\n').slice(0, 500);
  };
  for (const line of layout.lines) {
    const cols = headerColumns(line);
    if (cols) {
      header = cols;
      sawHeader = true;
      idle = 0;
      continue;
    }
    if (!header) continue;
    if (isTotalRow(line)) {
      header = null;
      flush();
      last = null;
      continue;
    }
    const row = parseRow(line, header, decimal, layout.quality);
    if (row === 'skip') {
      idle++;
      continue;
    }
    if (row) {
      flush();
      items.push(row);
      last = { item: row, line, details: [] };
      idle = 0;
      continue;
    }
    // text under an item (notes, serial numbers, periods) belongs to it
    if (last && line.page === last.line.page && line.y - (last.line.y + last.details.length * last.line.h * 1.3) < last.line.h * 2.6 && last.details.length < 4) {
      last.details.push(line.text.replace(/ \| /g, ' '));
      continue;
    }
    if (++idle > 10) {
      header = null;
      flush();
      last = null;
    }
  }
  flush();
  return sawHeader && items.length ? items : sawHeader ? items : null;
}

/** Without a header: "description ... amount" rows, leaving out sums that repeat their parts. */
function readWithoutHeader(layout: Layout, decimal: DecimalMark | null): ExtractedLine[] {
  const rows: { item: ExtractedLine; line: LayoutLine }[] = [];
  const first = layout.pages[0];
  for (const line of layout.lines) {
    if (line.page === 1 && first && line.y < first.height * 0.15) continue;
    if (isTotalRow(line) || /:\s*$/.test(line.cells[0].text)) continue;
    const row = parseRow(line, [], decimal, layout.quality * 0.7);
    if (row && row !== 'skip' && row.line_total.value !== null) rows.push({ item: row, line });
  }
  // a row whose amount is the sum of all the others is a subtotal ("AWS Service Charges")
  const kept = rows.filter((r, i) => {
    const others = rows.filter((_, j) => j !== i).map((o) => o.item.line_total.value ?? 0);
    return !(others.length >= 2 && close(others.reduce((s, v) => s + v, 0), r.item.line_total.value ?? 0));
  });
  return kept.map((r) => r.item);
}

/** A row of the grand total ("Total EUR 34,73", "Factuur totaal EUR | 49,99"): the table ends there. */
function isTotalRow(line: LayoutLine): boolean {
  if (!line.cells.some((c) => looksLikeMoney(c.text))) return false;
  return line.cells.some((c) => {
    if (!/\p{L}/u.test(c.text) || c.text.length > 60 || NOT_TOTAL.test(c.text)) return false;
    return TOTAL_LABELS.some((l) => {
      const m = l.re.exec(c.text);
      return m !== null && m.index < 12;
    });
  });
}

/** One table row -> an item, 'skip' for a sum/tax row, null for a text-only line. */
function parseRow(line: LayoutLine, header: HeaderColumn[], decimal: DecimalMark | null, quality: number): ExtractedLine | 'skip' | null {
  const texts: { text: string; col: Column | null; x0: number }[] = [];
  const numbers: NumberPiece[] = [];
  for (const cell of line.cells) {
    const pieces = numericPieces(cell, decimal);
    if (pieces) {
      for (const p of pieces) numbers.push({ ...p, col: columnAt(header, p, line.h) });
    } else {
      texts.push({ text: cell.text, col: columnAt(header, cell, line.h), x0: cell.x0 });
    }
  }
  if (!texts.length) return null;
  const firstText = texts[0].text;
  if (NON_ITEM_ROW.test(firstText) && !texts.some((t) => t.col === 'description' && t !== texts[0])) return numbers.length ? 'skip' : null;
  const real = numbers.filter((n) => n.col !== 'tax' && n.col !== 'discount' && n.col !== 'pos');
  if (!real.length || !real.some((n) => n.money || n.col === 'unit_price' || n.col === 'line_total')) return null;

  // codes: a code-like cell left of the description, "[CODE] name" or "*GTIN* name"
  let sku: string | null = null;
  let barcode: string | null = null;
  let description: string | null = null;
  for (const t of texts) {
    const code = /^[A-Za-z0-9][\w\-./]*$/.test(t.text) && /\d/.test(t.text) && t.text.length <= 30;
    if (code && (t.col === 'sku' || t.col === 'barcode' || (description === null && texts.length > 1))) {
      if (isGtin(t.text) || t.col === 'barcode') barcode ??= t.text;
      else sku ??= t.text;
      continue;
    }
    if (t.col === 'unit' && UNIT_WORDS.test(t.text)) continue;
    if (description === null) description = t.text;
    // one description printed as two cells; with two description-like columns the first one is the name
    else if (t.col === 'description' && header.filter((h) => h.col === 'description').length <= 1) description = `${description} ${t.text}`;
  }
  // long digit strings in number cells are article numbers or barcodes, not quantities
  for (const n of [...real]) {
    if (n.integer && n.value >= 1e6 && !n.money) {
      const digits = String(n.value);
      if (isGtin(digits)) barcode ??= digits;
      else sku ??= digits;
      real.splice(real.indexOf(n), 1);
    }
  }
  if (description) {
    const codes = splitCodes(description);
    description = codes.description || null;
    sku ??= codes.sku;
    barcode ??= codes.barcode;
  }
  if (!description && !sku) return null;
  const roles = assignRoles(real, header.length > 0);
  if (roles.line_total === null && roles.unit_price === null) return null;
  const c = quality * (header.length ? 1 : 0.8);
  return {
    description: field(description?.trim() || sku, (description ? 0.85 : 0.5) * c),
    quantity: field(roles.quantity, roles.quantityConfidence * c),
    unit: field(roles.unit, 0.8 * c),
    unit_price: field(roles.unit_price, roles.confidence * c),
    line_total: field(roles.line_total, roles.confidence * c),
    sku: field(sku, 0.8 * c),
    barcode: field(barcode, 0.85 * c),
  };
}

interface Roles {
  quantity: number | null;
  unit: string | null;
  unit_price: number | null;
  line_total: number | null;
  quantityConfidence: number;
  confidence: number;
}

/** Which number is the quantity, the unit price and the line total. */
function assignRoles(nums: NumberPiece[], hasHeader: boolean): Roles {
  let quantity = nums.find((n) => n.col === 'quantity') ?? nums.find((n) => n.unit !== null) ?? null;
  let price = nums.find((n) => n.col === 'unit_price' && n !== quantity) ?? null;
  let total = [...nums].reverse().find((n) => n.col === 'line_total' && n !== quantity && n !== price) ?? null;
  const free = () => nums.filter((n) => n !== quantity && n !== price && n !== total);
  if (!total) total = [...free()].reverse().find((n) => n.money) ?? [...free()].reverse()[0] ?? null;
  if (!price) price = [...free()].reverse().find((n) => n.money) ?? null;
  if (!quantity) quantity = free().find((n) => n.x1 <= (price ?? total ?? { x0: Infinity }).x0 && n.value > 0 && (n.integer || !n.money)) ?? null;

  // the numbers must agree: try the other readings when they do not
  let confidence = hasHeader ? 0.8 : 0.6;
  const q = quantity?.value ?? null;
  const p = price?.value ?? null;
  const t = total?.value ?? null;
  if (q !== null && p !== null && t !== null) {
    if (close(q * p, t)) confidence = 0.95;
    else {
      const alt = agreeing(nums);
      if (alt) return { ...alt, unit: alt.unit ?? quantity?.unit ?? null, quantityConfidence: 0.85, confidence: 0.85 };
      confidence *= 0.8; // a discount may explain it
    }
  }
  let qty = q;
  let qc = quantity ? (quantity.col === 'quantity' || quantity.unit ? 0.9 : 0.7) : 0;
  if (qty === null && p !== null && t !== null && p !== 0) {
    const ratio = t / p;
    if (ratio > 0 && Math.abs(ratio - Math.round(ratio)) < 0.01) {
      qty = Math.round(ratio);
      qc = 0.7;
    }
  }
  if (qty === null && (t !== null || p !== null)) {
    qty = 1; // an amount with no quantity is one of it
    qc = 0.35;
  }
  const unitPrice = p ?? (t !== null && qty ? round2(t / qty) : null);
  const lineTotal = t ?? (p !== null && qty !== null ? round2(p * qty) : null);
  return { quantity: qty, unit: quantity?.unit ?? null, unit_price: unitPrice, line_total: lineTotal, quantityConfidence: qc, confidence };
}

/** Any three of the numbers (in printed order) with a × b ≈ c. */
function agreeing(nums: NumberPiece[]): Omit<Roles, 'quantityConfidence' | 'confidence'> | null {
  for (let k = nums.length - 1; k >= 2; k--) {
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        if (i === j) continue;
        const [a, b, c] = [nums[i], nums[j], nums[k]];
        if (a.value > 0 && b.value !== 0 && close(a.value * b.value, c.value) && (a.integer || a.unit || !a.money)) {
          return { quantity: a.value, unit: a.unit, unit_price: b.value, line_total: c.value };
        }
      }
    }
  }
  return null;
}

