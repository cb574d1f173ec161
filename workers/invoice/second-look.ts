// A photo read a second time, by another engine, when the first reading is unsure of its
// seller, date or total. Tesseract (the first reading: fast) segments a page into words and
// garbles large letterhead type and faint or dotted thermal print; PaddleOCR
// (workers/ocr/paddle-ocr.ts: slower, heavier) reads whole lines and gets most of those
// right. The seller, date and total are then each taken from the reading that is surer of
// it; the currency and the document number from the second only when the first found
// none (or, the number, only one under a weak label, while the second read one under a
// strong label: then for review). The item lines stay the first reading's: tesseract boxes
// each word, so a table's columns (description, quantity, price) are placed, where the
// second engine's words are only spread along their line; a first reading with no item
// lines takes the second's.
import type { ExtractedHeader, ExtractedInvoice } from './types.js';
import { probability, unconfirmed, type ReadField } from './text/confidence.js';
import { compactName } from './text/vendor-name.js';

/**
 * A first reading below this confidence in its seller, date or total is read again: about
 * one photo in three of the tuning receipts, so the median photo still costs one reading.
 * (Fields at 0.7 or more were right nine times in ten or more; below it, about half.)
 */
export const SECOND_LOOK_BELOW = 0.7;

export function wantsSecondLook(header: ExtractedHeader): boolean {
  return Math.min(header.vendor_name.confidence, header.invoice_date.confidence, header.total_amount.confidence) < SECOND_LOOK_BELOW;
}

/**
 * The fields a second reading may replace. Not the currency: a speck read as "£" or "¥" in a
 * noisier reading is a sure-looking symbol, while the first reading's currency comes from
 * the whole document (on the tuning receipts, taking it lost two right currencies, gained none).
 * Only where the first reading found no currency at all is the second's taken.
 */
const SECOND_LOOK_FIELDS = ['vendor_name', 'invoice_date', 'total_amount'] as const;

/**
 * A first reading's document number under this confidence yields to a second reading's at SURE_NUMBER or
 * more — unless the two are one number with a character or two read differently ("F20260026" and
 * "F2026002G"): the same label's value read twice, where the first reading's boxed words stand.
 */
const WEAK_NUMBER = 0.8;
const SURE_NUMBER = 0.9;

/** Field by field, the surer of two readings of one picture (the first on a tie). */
export function surerReading(first: ExtractedInvoice, second: ExtractedInvoice): ExtractedInvoice {
  const header = { ...first.header };
  const taken: string[] = [];
  // (a seller is compared by its evidence: the cap on an unchecked name (text/vendor.ts) would make two readings tie)
  const sureness = (f: ReadField<unknown>, key: (typeof SECOND_LOOK_FIELDS)[number]) => (key === 'vendor_name' && f.value !== null && f.basis ? probability('vendor_name', f.basis) : f.confidence);
  for (const key of SECOND_LOOK_FIELDS) {
    if (sureness(second.header[key], key) > sureness(first.header[key], key)) {
      (header as Record<keyof ExtractedHeader, unknown>)[key] = second.header[key];
      taken.push(key);
    }
  }
  // the same seller read by both engines: its letters are checked, and a cap on an unchecked name
  // (text/vendor.ts) no longer applies — the name gets what its evidence says
  const [a, b] = [first.header.vendor_name, second.header.vendor_name] as ReadField<string>[];
  if (a.value && b.value && compactName(a.value) === compactName(b.value)) {
    const checked = Math.max(...[a, b].map((f) => (f.basis ? probability('vendor_name', f.basis) : f.confidence)));
    if (checked > header.vendor_name.confidence) header.vendor_name = { ...header.vendor_name, confidence: Math.round(checked * 100) / 100 };
  }
  // (a first reading that found no currency at all has nothing to lose to the second's;
  // nor one that found no document number: tesseract may drop a label it set apart from
  // its value, "FACTURE N° :" beside "F20260026", where the second engine reads the line whole)
  // (nor one whose number came from a weak label — an article's "ART_1254" — where the second engine read
  // the document's own under its strong label: "FACTURE N°: F20260023" at the top the first reading lost)
  for (const key of ['currency', 'invoice_number'] as const) {
    const weakNumber = key === 'invoice_number' && first.header[key].confidence < WEAK_NUMBER && second.header[key].confidence >= SURE_NUMBER && !sameNumberMisread(first.header[key].value, second.header[key].value);
    if ((first.header[key].value === null || weakNumber) && second.header[key].value !== null) {
      // (over a number the first reading did find, two engines disagree: the second's is for review)
      (header as Record<keyof ExtractedHeader, unknown>)[key] = weakNumber && first.header[key].value !== null ? unconfirmed(second.header[key]) : second.header[key];
      taken.push(key);
    }
  }
  const lines = first.lines.length ? first.lines : second.lines;
  const warnings = [...first.warnings, ...(taken.length ? [`the photo was read a second time by another OCR engine; taken from it: ${taken.join(', ')}`] : [])];
  return { ...first, header, lines, warnings };
}

function sameNumberMisread(a: string | null, b: string | null): boolean {
  if (a === null || b === null || a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ <= 2;
}
