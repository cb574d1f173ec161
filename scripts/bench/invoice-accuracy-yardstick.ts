// The yardstick of scripts/bench/invoice-accuracy.ts: the reference values of each
// development document (invoice2data's JSON beside each invoice, SROIE's beside each
// receipt) and how a field of ours is scored against them. It keeps its own name
// normalisation, so changing the reader cannot move the yardstick.
import fs from 'node:fs';
import type { ExtractedInvoice, Field } from '../../workers/invoice/types.js';

export const FIELDS = ['vendor', 'number', 'date', 'currency', 'total', 'lines'] as const;
export type FieldName = (typeof FIELDS)[number];

export interface FieldResult {
  ok: boolean | null; // null: not scored
  ours: unknown;
  ref: unknown;
  confidence: number | null;
  /** the evidence the confidence was computed from (workers/invoice/text/confidence.ts) */
  basis?: { strength: number; legibility: number };
  /** whether the label is printed on the page at all (./printed-labels.ts); absent when not checked */
  printed?: boolean;
}

// ── references ───────────────────────────────────────────────────────────────────

export interface Reference {
  /** receipts: the values as printed, to tell whether the OCR saw them at all */
  printed?: { company?: string; date?: string; total?: string };
  vendor?: string;
  number?: string;
  date?: string;
  currency?: string;
  total?: number;
  lines?: number;
}

export function invoiceReference(file: string): Reference | null {
  const refPath = file.replace(/\.[^.]+$/, '.json');
  if (!fs.existsSync(refPath)) return null;
  const r = (JSON.parse(fs.readFileSync(refPath, 'utf8')) as Record<string, unknown>[])[0];
  const list = (r.lines ?? r.line_items) as Record<string, unknown>[] | undefined;
  return {
    // "Sammy Maystone - For Lines testing": the template's note after the name is not part of it
    vendor: (r.issuer as string | undefined)?.split(/\s+-\s+/)[0],
    number: r.invoice_number as string | undefined,
    date: r.date as string | undefined,
    currency: (r.currency as string | undefined)?.toUpperCase(),
    total: typeof r.amount === 'number' ? r.amount : undefined,
    lines: list ? list.filter((l) => !('sectionheader' in l) && !('line_note' in l)).length : undefined,
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A receipt date as a person writes it down ("25/12/2018", "12-01-19", "05 MAR 2018"), day first unless impossible. */
function receiptDate(s: string): string | undefined {
  const t = s.trim().toLowerCase();
  let d: number, m: number, y: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const named = /^(\d{1,2})\s*([a-z]{3})[a-z]*\s*(\d{2,4})$/.exec(t);
  const num = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(t);
  if (iso) [y, m, d] = [+iso[1], +iso[2], +iso[3]];
  else if (named) [d, m, y] = [+named[1], MONTHS.indexOf(named[2]) + 1, +named[3]];
  else if (num) {
    [d, m, y] = [+num[1], +num[2], +num[3]];
    if (m > 12) [d, m] = [m, d];
  } else return undefined;
  if (y < 100) y += 2000;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function receiptReference(file: string): Reference | null {
  const refPath = file.replace(/\.[^.]+$/, '.json');
  if (!fs.existsSync(refPath)) return null;
  const r = JSON.parse(fs.readFileSync(refPath, 'utf8')) as { company?: string; date?: string; total?: string; currency?: string };
  const total = r.total ? Number(r.total.replace(/[^\d.]/g, '')) : NaN;
  return { printed: { company: r.company, date: r.date, total: r.total?.replace(/^(?:RM|\$)\s*/i, '') }, vendor: r.company || undefined, date: r.date ? receiptDate(r.date) : undefined, currency: r.currency ?? 'MYR', total: Number.isFinite(total) && r.total ? total : undefined };
}

// ── scoring ──────────────────────────────────────────────────────────────────────

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = prev[j];
      prev[j] = next;
    }
  }
  return prev[b.length];
}

// the bench's own normalisation (not the reader's), so changing the reader cannot change the yardstick
const LEGAL_FORMS = /\b(?:sdn\.?\s*bhd|bhd|berhad|s\/b|pvt\.?\s*ltd|pte\.?\s*ltd|private\s+limited|ltd|limited|llc|inc|corp(?:oration)?|co|company|plc|gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|b\.?\s*v|n\.?\s*v|s\.?\s*a\.?\s*s|sarl|s\.?\s*a|s\.?\s*r\.?\s*l|spa|sp\.?\s*z\s*o\.?\s*o|oy|ab|a\/s|aps|pty|lda|unipessoal|soc\.?\s*unip)\.?\s*$/i;

/** A registered company name's closing legal form (the bench's own list, wider than LEGAL_FORMS: Portuguese and Spanish forms too). */
const REGISTERED_NAME_END = /(?:\b(?:s\.?\s?a|lda|limitada|unipessoal|s\.?\s?l|gmbh|ag|ltd|limited|inc|llc|b\.?\s?v|n\.?\s?v|sas|sarl|s\.?r\.?l|spa|sdn\.?\s*bhd|bhd|pte\.?\s*ltd|pty\.?\s*ltd|plc|kg|oy|ab|a\/s|aps)\.?)\s*[,.]?$/i;

export function compactName(name: string): string {
  // (a chain's store number is no part of the name: "Taco Bell 017314", "Subway#44969-0", "Denny's Restaurant #8129")
  let n = name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().replace(/(?<=[a-z'’.])\s*(?:#\s?\d{1,8}(?:-\d{1,3})?|\s\d{5,8})$/, '');
  for (let i = 0; i < 3; i++) n = n.replace(/[\s,.()-]+$/, '').replace(LEGAL_FORMS, '');
  return n.replace(/[^a-z0-9]/g, '');
}

/** Same company: legal form, case and punctuation ignored; one name holds most of the other, or a few characters differ. */
export function sameVendor(ours: string | null, ref: string): boolean {
  if (!ours) return false;
  const x = compactName(ours);
  const y = compactName(ref);
  if (x.length < 3 || y.length < 3) return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  if (long.includes(short) && short.length >= 0.6 * long.length) return true;
  // a reference that is a brand alone ("Hornbach", "toom") names the company whose name opens with it ("HORNBACH Baumarkt AG");
  // so does a brand of more words when ours is that company's registered name, its legal form closing it
  // ("Pingo Doce" / "Pingo Doce - Distribuição Alimentar, S.A.", "Dia Portugal" / "Dia Portugal - Sup. Soc. Unip. Lda")
  if (y.length >= 4 && x.startsWith(y) && (!/\s/.test(ref.trim()) || REGISTERED_NAME_END.test(ours.trim()))) return true;
  // and the other way round: our brand opening the registered name the reference gives ("ALDI" / "ALDI Portugal Supermerc., Lda")
  if (x.length >= 4 && y.startsWith(x) && REGISTERED_NAME_END.test(ref.trim())) return true;
  return editDistance(x, y) <= Math.max(1, Math.round(0.15 * long.length));
}

/** Same document number: case, spaces and a leading number sign ("#BLR-1" is BLR-1) ignored. */
export function sameNumber(ours: string | null, ref: string): boolean {
  const bare = (n: string) => n.toLowerCase().replace(/\s+/g, '').replace(/^#/, '');
  return ours !== null && bare(ours) === bare(ref);
}

export function score(invoice: ExtractedInvoice, ref: Reference): Record<FieldName, FieldResult> {
  const h = invoice.header;
  const f = <T>(ok: boolean | null, ours: Field<T>, refValue: unknown): FieldResult => ({ ok, ours: ours.value, ref: refValue, confidence: ours.confidence, ...(ours.basis ? { basis: ours.basis } : {}) });
  return {
    vendor: f(ref.vendor ? sameVendor(h.vendor_name.value, ref.vendor) : null, h.vendor_name, ref.vendor),
    number: f(ref.number ? sameNumber(h.invoice_number.value, ref.number) : null, h.invoice_number, ref.number),
    date: f(ref.date ? h.invoice_date.value === ref.date : null, h.invoice_date, ref.date),
    currency: f(ref.currency ? h.currency.value === ref.currency : null, h.currency, ref.currency),
    total: f(ref.total !== undefined ? h.total_amount.value !== null && Math.abs(h.total_amount.value - ref.total) < 0.005 : null, h.total_amount, ref.total),
    lines: { ok: ref.lines !== undefined ? invoice.lines.length === ref.lines : null, ours: invoice.lines.length, ref: ref.lines, confidence: null },
  };
}
