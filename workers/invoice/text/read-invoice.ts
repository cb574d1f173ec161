// A laid-out document (PDF text layer or OCR) -> header fields and item lines.
import type { Layout } from '../layout.js';
import type { ExtractedHeader, ExtractedLine } from '../types.js';
import { calibrated } from './confidence.js';
import { detectCountry } from './country.js';
import { detectCurrency } from './currency.js';
import { documentDayOrder } from './dates.js';
import { readInvoiceDate, readInvoiceNumber } from './header-fields.js';
import { readTotal } from './total-amount.js';
import { readLineItems } from './line-table.js';
import { documentDecimalMark } from './numbers.js';
import { readVendor } from './vendor.js';

export interface TextReading {
  header: ExtractedHeader;
  lines: ExtractedLine[];
  /** evidence behind the vendor (vendor.ts); below CONFIDENT_VENDOR_SCORE, more sources are worth a look */
  vendorScore: number;
}

export function readLaidOutInvoice(layout: Layout, vendorSources: Layout[] = []): TextReading {
  const decimal = documentDecimalMark(layout.text);
  const country = detectCountry(layout.text);
  const currency = detectCurrency(layout.text, country);
  const order = documentDayOrder(layout.text, currency.value, country);
  const vendor = readVendor(layout, vendorSources);
  return {
    header: {
      vendor_name: vendor.value === null ? { value: null, confidence: 0 } : { value: vendor.value, confidence: vendor.confidence, basis: vendor.basis },
      invoice_number: readInvoiceNumber(layout),
      invoice_date: readInvoiceDate(layout, order),
      currency: calibrated('currency', currency.value, { strength: currency.confidence, legibility: layout.quality }),
      total_amount: readTotal(layout, decimal),
    },
    lines: readLineItems(layout, decimal),
    vendorScore: vendor.score,
  };
}
