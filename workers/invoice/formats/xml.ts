// Structured e-invoices: UBL 2.1 (Invoice / CreditNote, also PEPPOL BIS and
// XRechnung-UBL) and UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD 2.x,
// XRechnung-CII; ZUGFeRD 1.0's CrossIndustryDocument too). Their values are exact,
// so every field they carry gets full confidence.
import { XMLParser } from 'fast-xml-parser';
import { emptyHeader, field, UnreadableDocument, type ExtractedInvoice, type ExtractedLine } from '../types.js';
import { unitFromCode } from '../text/vocabulary.js';
import { splitCodes } from '../text/descriptions.js';
import { checkGtin } from '../../../domain/catalog/gtin.js';

const EXACT = 0.99;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['InvoiceLine', 'CreditNoteLine', 'IncludedSupplyChainTradeLineItem', 'StandardItemIdentification', 'Description'].includes(name),
});

export type XmlKind = 'ubl' | 'cii';

/** Which e-invoice syntax an XML document is, or null for any other XML. */
export function xmlKind(text: string): XmlKind | null {
  const head = text.slice(0, 4000);
  if (/<(?:\w+:)?(?:Invoice|CreditNote)\b[^>]*urn:oasis:names:specification:ubl/.test(head) || /<(?:\w+:)?(?:Invoice|CreditNote)[\s>]/.test(head) && /ubl/i.test(head)) return 'ubl';
  if (/<(?:\w+:)?(?:CrossIndustryInvoice|CrossIndustryDocument)\b/.test(head)) return 'cii';
  return null;
}

export function parseXmlInvoice(text: string, format: 'ubl' | 'cii' | 'facturx' = 'ubl'): ExtractedInvoice {
  // e-invoices never declare a DTD; one that does could expand entities without bound
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnreadableDocument('unsupported_document_type', 'XML documents with a DOCTYPE are not accepted.');
  let doc: Record<string, any>;
  try {
    doc = parser.parse(text);
  } catch (err) {
    throw new UnreadableDocument('document_corrupt', `The XML could not be parsed: ${(err as Error).message}`);
  }
  const ubl = doc.Invoice ?? doc.CreditNote;
  if (ubl) return fromUbl(ubl, doc.CreditNote ? 'CreditNote' : 'Invoice', format === 'cii' ? 'ubl' : format);
  const cii = doc.CrossIndustryInvoice ?? doc.CrossIndustryDocument;
  if (cii) return fromCii(cii, format === 'ubl' ? 'cii' : format);
  throw new UnreadableDocument('unsupported_document_type', 'The XML is neither a UBL 2.1 nor a UN/CEFACT CII invoice.');
}

/** The text of an element that may carry attributes ({"#text": "1.00", "@_unitCode": "KGM"}). */
const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object') return text((v as Record<string, unknown>)['#text']);
  const s = String(v).trim();
  return s || null;
};
const attr = (v: unknown, name: string): string | null => (v && typeof v === 'object' && !Array.isArray(v) ? text((v as Record<string, unknown>)[`@_${name}`]) : Array.isArray(v) ? attr(v[0], name) : null);
const num = (v: unknown): number | null => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
/** The first path (dot-separated) that holds a value. */
const pick = (obj: unknown, ...paths: string[]): unknown => {
  for (const path of paths) {
    let cur: unknown = obj;
    for (const key of path.split('.')) {
      cur = Array.isArray(cur) ? cur[0] : cur;
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
    }
    if (cur !== undefined && cur !== null && text(cur) !== null) return cur;
    if (cur !== undefined && cur !== null && typeof cur === 'object') return cur;
  }
  return undefined;
};

function barcodeOf(id: unknown): string | null {
  const code = text(id);
  if (!code) return null;
  const scheme = (attr(id, 'schemeID') ?? '').toUpperCase();
  if (scheme === 'GTIN' || scheme === '0160' || scheme === 'EAN' || checkGtin(code).ok) return code;
  return null;
}

function line(printed: string | null, quantity: number | null, unitCode: string | null, unitPrice: number | null, total: number | null, sku: string | null, barcode: string | null): ExtractedLine {
  const codes = printed ? splitCodes(printed) : null;
  const description = codes?.description || printed;
  return {
    description: field(description, EXACT),
    quantity: field(quantity, EXACT),
    unit: field(unitFromCode(unitCode), EXACT),
    unit_price: field(unitPrice, EXACT),
    line_total: field(total, EXACT),
    sku: field(sku, EXACT),
    barcode: field(barcode, EXACT),
  };
}

/** Section headings and notes are written as lines of nothing (quantity 0, amount 0). */
const isItem = (l: ExtractedLine) => !((l.quantity.value ?? 0) === 0 && (l.line_total.value ?? 0) === 0 && !l.sku.value && !l.barcode.value);

function fromUbl(root: Record<string, any>, kind: 'Invoice' | 'CreditNote', format: ExtractedInvoice['format']): ExtractedInvoice {
  const header = emptyHeader();
  const party = pick(root, 'AccountingSupplierParty.Party');
  header.vendor_name = field(text(pick(party, 'PartyLegalEntity.RegistrationName', 'PartyName.Name')), EXACT);
  header.invoice_number = field(text(root.ID), EXACT);
  header.invoice_date = field(isoDate(text(root.IssueDate)), EXACT);
  header.currency = field(text(root.DocumentCurrencyCode)?.toUpperCase() ?? null, EXACT);
  header.total_amount = field(num(pick(root, 'LegalMonetaryTotal.PayableAmount', 'LegalMonetaryTotal.TaxInclusiveAmount')), EXACT);
  const rows: Record<string, any>[] = root[`${kind}Line`] ?? [];
  const lines = rows.map((r) => {
    const qtyEl = kind === 'Invoice' ? r.InvoicedQuantity : r.CreditedQuantity;
    const quantity = num(qtyEl);
    const price = unitPriceOf(num(pick(r, 'Price.PriceAmount')), num(pick(r, 'Price.BaseQuantity')), quantity, num(r.LineExtensionAmount));
    const item = r.Item ?? {};
    const std = Array.isArray(item.StandardItemIdentification) ? item.StandardItemIdentification.map((s: any) => s.ID) : [];
    return line(
      text(item.Name) ?? text(item.Description),
      quantity,
      attr(qtyEl, 'unitCode'),
      price,
      num(r.LineExtensionAmount),
      text(pick(item, 'SellersItemIdentification.ID', 'BuyersItemIdentification.ID')),
      std.map(barcodeOf).find((b: string | null) => b) ?? null,
    );
  });
  return { format, header, lines: lines.filter(isItem), pages: 1, warnings: [] };
}

function fromCii(root: Record<string, any>, format: ExtractedInvoice['format']): ExtractedInvoice {
  const header = emptyHeader();
  const tx = pick(root, 'SupplyChainTradeTransaction', 'SpecifiedSupplyChainTradeTransaction') as Record<string, any> | undefined;
  const docEl = pick(root, 'ExchangedDocument', 'HeaderExchangedDocument');
  const agreement = pick(tx, 'ApplicableHeaderTradeAgreement', 'ApplicableSupplyChainTradeAgreement');
  const settlement = pick(tx, 'ApplicableHeaderTradeSettlement', 'ApplicableSupplyChainTradeSettlement');
  header.vendor_name = field(text(pick(agreement, 'SellerTradeParty.Name', 'SellerTradeParty.SpecifiedLegalOrganization.TradingBusinessName')), EXACT);
  header.invoice_number = field(text(pick(docEl, 'ID')), EXACT);
  header.invoice_date = field(isoDate(text(pick(docEl, 'IssueDateTime.DateTimeString'))), EXACT);
  header.currency = field(text(pick(settlement, 'InvoiceCurrencyCode'))?.toUpperCase() ?? null, EXACT);
  header.total_amount = field(
    num(pick(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation.DuePayableAmount', 'SpecifiedTradeSettlementHeaderMonetarySummation.GrandTotalAmount', 'SpecifiedTradeSettlementMonetarySummation.GrandTotalAmount')),
    EXACT,
  );
  const rows: Record<string, any>[] = tx?.IncludedSupplyChainTradeLineItem ?? [];
  const lines = rows.map((r) => {
    const product = r.SpecifiedTradeProduct ?? {};
    const qtyEl = pick(r, 'SpecifiedLineTradeDelivery.BilledQuantity', 'SpecifiedSupplyChainTradeDelivery.BilledQuantity');
    const priceEl = pick(r, 'SpecifiedLineTradeAgreement.NetPriceProductTradePrice', 'SpecifiedSupplyChainTradeAgreement.NetPriceProductTradePrice');
    const total = num(pick(r, 'SpecifiedLineTradeSettlement.SpecifiedTradeSettlementLineMonetarySummation.LineTotalAmount', 'SpecifiedSupplyChainTradeSettlement.SpecifiedTradeSettlementMonetarySummation.LineTotalAmount'));
    const price = unitPriceOf(num(pick(priceEl, 'ChargeAmount')), num(pick(priceEl, 'BasisQuantity')), num(qtyEl), total);
    return line(
      text(product.Name) ?? text(product.Description),
      num(qtyEl),
      attr(qtyEl, 'unitCode'),
      price,
      total,
      text(product.SellerAssignedID) ?? text(product.BuyerAssignedID),
      barcodeOf(product.GlobalID),
    );
  });
  return { format, header, lines: lines.filter(isItem), pages: 1, warnings: [] };
}

/**
 * The price of one unit: the printed price is for `base` units, but some generators
 * write the line quantity there instead; the line amount tells which reading holds.
 */
function unitPriceOf(price: number | null, base: number | null, quantity: number | null, total: number | null): number | null {
  if (price === null) return null;
  if (!base || base === 1) return price;
  if (quantity !== null && total !== null && Math.abs(price * quantity - total) < 0.01) return price;
  return price / base;
}

/** "2023-03-20", "20230320" (CII format 102) -> YYYY-MM-DD */
function isoDate(s: string | null): string | null {
  if (!s) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
