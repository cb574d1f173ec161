// Which of a document's labels its printed page shows at all. The corpus's e-invoices are labelled
// from their embedded XML, and an XML may name what the page never prints: a seller's name with its
// GLN and supplier number run together, a "Seller Inc." over a page printed for "Acme GmbH", a number
// or a date the page gives otherwise. Such a field measures the label, not the reader. The bench
// scores every field as before and also says, per field, whether its label is printed: the page's own
// text layer holds the seller's name, the number, the date (in any usual form) or the amount (with its
// cents, in any usual grouping). Documents without a text layer (photos, scans) take the text layer of
// the same document's PDF in the corpus's `-pdf` part beside them, when there is one.
import fs from 'node:fs';
import path from 'node:path';
import { buildLayout } from '../../workers/invoice/layout.js';
import { openPdf, readPdfText } from '../../workers/invoice/formats/pdf.js';
import { compactName, type FieldName, type Reference } from './invoice-accuracy-yardstick.js';

/** The text layer of the document's PDF (itself, or its `-pdf` twin for a scan or photo form); null when there is none. */
export async function printedText(file: string): Promise<string | null> {
  const dir = path.dirname(file);
  const name = path.basename(file).replace(/\.[^.]+$/, '.pdf');
  const twin = path.join(dir.replace(/-(?:scan|rough)$/, '-pdf'), name);
  const pdf = file.toLowerCase().endsWith('.pdf') && !/-(?:scan|rough)$/.test(dir) ? file : fs.existsSync(twin) && twin !== file ? twin : null;
  if (!pdf) return null;
  try {
    const doc = await openPdf(fs.readFileSync(pdf));
    const read = await readPdfText(doc, 50);
    await doc.destroy();
    const text = buildLayout(read.tokens, read.pages, 1).text;
    return text.replace(/\s+/g, '').length >= 40 ? text : null;
  } catch {
    return null;
  }
}

const MONTH_NAMES: string[][] = [
  ['jan', 'jän', 'janv', 'ene', 'gen'], ['feb', 'fév', 'fev'], ['mar', 'mär', 'maa'], ['apr', 'avr', 'abr'], ['may', 'mai', 'mei', 'mag', 'mayo'], ['jun', 'juin', 'giu'],
  ['jul', 'juil', 'lug'], ['aug', 'aoû', 'aou', 'ago'], ['sep', 'set'], ['oct', 'okt', 'ott', 'out'], ['nov'], ['dec', 'dez', 'déc', 'dic'],
];

function datePrinted(page: string, iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return true;
  const [y, mo, d] = [m[1], m[2], m[3]];
  const [yy, mn, dn] = [y.slice(2), String(Number(mo)), String(Number(d))];
  const squeezed = page.replace(/\s+/g, '');
  const numeric = [`${y}-${mo}-${d}`, `${y}${mo}${d}`, `${y}/${mo}/${d}`, `${y}.${mo}.${d}`];
  for (const sep of ['.', '/', '-']) for (const [dd, mm] of [[d, mo], [dn, mn], [d, mn], [dn, mo]]) numeric.push(`${dd}${sep}${mm}${sep}${y}`, `${mm}${sep}${dd}${sep}${y}`, `${dd}${sep}${mm}${sep}${yy}`, `${mm}${sep}${dd}${sep}${yy}`);
  if (numeric.some((n) => new RegExp(`(?<!\\d)${n.replace(/[./-]/g, '\\$&')}(?!\\d)`).test(squeezed))) return true;
  // "31. Dezember 2024", "Apr 01, 2015", "1er avril 2015": the day and the month's name within a few characters, the year after
  const lower = page.toLowerCase();
  for (const name of MONTH_NAMES[Number(mo) - 1]) {
    const re = new RegExp(`(?<!\\d)0?${dn}(?:st|nd|rd|th|er|\\.)?\\s*(?:de\\s+)?${name}\\p{L}*\\.?,?\\s*(?:de\\s+)?${y}|${name}\\p{L}*\\.?\\s+0?${dn}(?:st|nd|rd|th)?,?\\s*${y}`, 'u');
    if (re.test(lower)) return true;
  }
  return false;
}

function amountPrinted(page: string, value: number): boolean {
  const squeezed = page.replace(/[\s\u00a0\u202f']+/g, '');
  const v = Math.abs(value);
  const [whole, cents] = v.toFixed(2).split('.');
  const grouped = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const forms = [`${whole}.${cents}`, `${whole},${cents}`, `${grouped(',')}.${cents}`, `${grouped('.')},${cents}`];
  if (forms.some((f) => new RegExp(`(?<![\\d.,])${f.replace(/[.,]/g, '\\$&')}(?!\\d)`).test(squeezed))) return true;
  // an amount without cents ("Total 48.000", "Fizetendő 63 500"): its digits as a number of their own
  return cents === '00' && [whole, grouped('.'), grouped(',')].some((f) => new RegExp(`(?<![\\d.,])${f.replace(/[.,]/g, '\\$&')}(?![\\d]|[.,]\\d)`).test(squeezed));
}

/** Per field, whether its label is printed on the page (absent: not scored or not checked). */
export function printedLabels(page: string, ref: Reference): Partial<Record<FieldName, boolean>> {
  const out: Partial<Record<FieldName, boolean>> = {};
  const letters = page.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]/g, '');
  if (ref.vendor) out.vendor = compactName(ref.vendor).length >= 3 && letters.includes(compactName(ref.vendor));
  if (ref.number) out.number = page.toLowerCase().replace(/\s+/g, '').includes(ref.number.toLowerCase().replace(/\s+/g, '').replace(/^#/, ''));
  if (ref.date) out.date = datePrinted(page, ref.date);
  if (ref.total !== undefined) out.total = amountPrinted(page, ref.total);
  return out;
}
