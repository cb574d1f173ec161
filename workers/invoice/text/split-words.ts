// Words a PDF's text layer split in two ("Br uttosumme", "Zahlbetr ag", "Ver käufer"): a font
// whose advance widths disagree with its glyphs makes pdf.js put a space inside the word.
// Joined back where the whole word is one the readers know as a label (a total, a date,
// a number, a seller's or a customer's heading) and its first half is not: a dictionary of
// labels, not of documents, so ordinary pairs of words ("für die", "zu zahlen") stay apart.
import type { Layout } from '../layout.js';
import { CUSTOMER_LABELS, INVOICE_DATE_LABELS, INVOICE_NUMBER_LABELS, TOTAL_LABELS, VENDOR_LABELS } from './vocabulary.js';

const LABELS = [...TOTAL_LABELS, ...INVOICE_DATE_LABELS, ...INVOICE_NUMBER_LABELS].map((l) => l.re);
const isLabel = (word: string) => LABELS.some((re) => re.test(word)) || VENDOR_LABELS.test(word) || CUSTOMER_LABELS.test(word);

/**
 * "Br uttosumme | 235,62" -> "Bruttosumme | 235,62". Also in an OCR reading of a letter-spaced font
 * ("Rechnungsbet rag"), where the engine puts a space inside a word the same way.
 */
export function mendSplitWords(layout: Layout): Layout {
  let changed = false;
  const mend = (text: string) =>
    text.replace(/(?<![\p{L}])(\p{L}+) (\p{Ll}+)(?![\p{L}])/gu, (whole, a: string, b: string) => {
      if (!isLabel(a + b) || isLabel(a)) return whole;
      changed = true;
      return a + b;
    });
  const lines = layout.lines.map((l) => {
    const cells = l.cells.map((c) => ({ ...c, text: mend(c.text) }));
    return { ...l, cells, text: cells.map((c) => c.text).join(' | ') };
  });
  return changed ? { ...layout, lines, text: lines.map((l) => l.text).join('\n') } : layout;
}
